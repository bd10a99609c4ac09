package dev.ferry.apply.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.apply.source.RawChange;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.json.ChangeEventSerializer;
import dev.ferry.heartbeat.HeartbeatTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.util.ListCollector;
import org.junit.jupiter.api.Test;

/** Every row-mode writer gets each heartbeat; other changes go to the one writer of their key. */
class HeartbeatFanOutTest {
    private static final HeartbeatTable HEARTBEAT = HeartbeatTable.parse("meta.heartbeat");
    private static final int WRITERS = 3;

    private final RowWriterPartitioner partitioner = new RowWriterPartitioner();

    @Test
    void aHeartbeatReachesEveryWriterAndItsRowOnlyTheOwner() {
        List<RawChange> out = fanOut(record(change("heartbeat")));
        assertThat(out).hasSize(WRITERS);
        assertThat(out.stream().map(c -> partitioner.partition(c, WRITERS)))
                .containsExactlyInAnyOrder(0, 1, 2);
        assertThat(out.stream().filter(c -> c.writer == RowWriterPartitioner.owner(c, WRITERS)))
                .as("one copy is the owner's, which writes the row")
                .hasSize(1);
    }

    @Test
    void otherChangesGoToTheirKeysWriterOnly() {
        RawChange other = record(change("other_with_source_key"));
        List<RawChange> out = fanOut(other);
        assertThat(out).containsExactly(other);
        assertThat(other.writer).isEqualTo(-1);
        assertThat(partitioner.partition(other, WRITERS))
                .isEqualTo(RowWriterPartitioner.owner(other, WRITERS));
    }

    @Test
    void onlyKeysLikeAHeartbeatsAreParsed() {
        assertThat(HeartbeatFanOut.mayBeHeartbeat("{\"source\":\"ferry\"}".getBytes())).isTrue();
        assertThat(HeartbeatFanOut.mayBeHeartbeat("{\"id\":1}".getBytes())).isFalse();
        assertThat(HeartbeatFanOut.mayBeHeartbeat(new byte[0])).isFalse();
    }

    private static List<RawChange> fanOut(RawChange change) {
        List<RawChange> out = new ArrayList<>();
        new HeartbeatFanOut(HEARTBEAT, WRITERS).flatMap(change, new ListCollector<>(out));
        return out;
    }

    /** A change of a row keyed like a heartbeat's, in table {@code meta.<table>}. */
    private static ChangeEvent change(String table) {
        Map<String, Object> row =
                Map.of(HeartbeatTable.SOURCE, "ferry-capture", HeartbeatTable.TIMESTAMP, 1_000L);
        return ChangeEvent.update(
                TableId.of("meta", table),
                row,
                row,
                List.of(HeartbeatTable.SOURCE),
                new ChangeEvent.Metadata(
                        new SourcePosition("bin.000001", 4, 0, 1, 1000, false), null, 1000));
    }

    private static RawChange record(ChangeEvent event) {
        ChangeEventSerializer serializer = new ChangeEventSerializer("upstream");
        return new RawChange(
                "meta", 0, 42, serializer.serializeKey(event), serializer.serializeValue(event));
    }
}
