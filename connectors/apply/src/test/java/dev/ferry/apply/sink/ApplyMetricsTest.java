package dev.ferry.apply.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import dev.ferry.heartbeat.HeartbeatTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.Test;

/** The apply's delay as docs/operations.md defines it, on a clock the test moves. */
class ApplyMetricsTest {
    private static final HeartbeatTable HEARTBEAT = HeartbeatTable.parse("ferry_meta.heartbeat");

    private final AtomicLong now = new AtomicLong(1_000_000);

    private ApplyMetrics metrics(HeartbeatTable heartbeat) {
        return new ApplyMetrics(
                new UnregisteredMetricsGroup(), () -> 0, () -> 0, heartbeat, now::get);
    }

    @Test
    void withoutHeartbeatsAnIdleApplyCannotKnowItsDelay() {
        ApplyMetrics metrics = metrics(null);
        assertThat(metrics.delayMs()).as("not 0: unknown").isEqualTo(-1);

        Object tx = new Object();
        metrics.submitted(tx, 997_000, null);
        assertThat(metrics.delayMs()).isEqualTo(3_000);
        metrics.committed(tx, null);
        assertThat(metrics.delayMs()).isEqualTo(-1);
    }

    @Test
    void withHeartbeatsItCountsFromTheStartUntilTheFirstHeartbeatIsCommitted() {
        ApplyMetrics metrics = metrics(HEARTBEAT);
        now.addAndGet(2_500);
        assertThat(metrics.delayMs()).as("before anything was applied").isEqualTo(2_500);

        Object beat = new Object();
        metrics.submitted(beat, 1_002_000, heartbeat(1_002_200));
        metrics.committed(beat, heartbeat(1_002_200));
        assertThat(metrics.delayMs()).isEqualTo(300);
        now.addAndGet(4_000);
        assertThat(metrics.delayMs()).as("no newer heartbeat: it grows").isEqualTo(4_300);
    }

    @Test
    void anOlderTransactionStillInFlightCountsOverANewerHeartbeat() {
        ApplyMetrics metrics = metrics(HEARTBEAT);
        Object first = new Object();
        Object second = new Object();
        Object beat = new Object();
        metrics.submitted(first, 990_000, null);
        metrics.submitted(second, 995_000, null);
        metrics.submitted(beat, 999_000, heartbeat(999_900));
        // Committed first: it conflicts with neither.
        metrics.committed(beat, heartbeat(999_900));

        assertThat(metrics.delayMs()).isEqualTo(10_000);
        metrics.committed(first, null);
        assertThat(metrics.delayMs()).isEqualTo(5_000);
        metrics.committed(second, null);
        assertThat(metrics.delayMs()).isEqualTo(100);
    }

    @Test
    void aTransactionAfterAHeartbeatCountsFromItNotFromItsWholeSecond() {
        ApplyMetrics metrics = metrics(HEARTBEAT);
        Object beat = new Object();
        Object tx = new Object();
        // Binlog times are whole seconds: 999_000 stands for 999_000..999_999.
        metrics.submitted(beat, 999_000, heartbeat(999_800));
        metrics.submitted(tx, 999_000, null);
        metrics.committed(beat, heartbeat(999_800));

        assertThat(metrics.delayMs()).isEqualTo(200);
    }

    @Test
    void aSnapshotCopyOfTheHeartbeatRowDoesNotMoveIt() {
        ApplyMetrics metrics = metrics(HEARTBEAT);
        now.addAndGet(3_000);
        ChangeEvent copy =
                ChangeEvent.snapshotRead(
                        TableId.of("ferry_meta", "heartbeat"),
                        Map.of(HeartbeatTable.SOURCE, "c", HeartbeatTable.TIMESTAMP, 1_002_900L),
                        List.of(HeartbeatTable.SOURCE),
                        new ChangeEvent.Metadata(null, null, 0));
        Object tx = new Object();
        metrics.submitted(tx, 0, copy);
        metrics.committed(tx, copy);

        assertThat(metrics.delayMs()).isEqualTo(3_000);
    }

    @Test
    void onlyTheHeartbeatTableMovesIt() {
        ApplyMetrics metrics = metrics(HEARTBEAT);
        ChangeEvent other =
                ChangeEvent.update(
                        TableId.of("shop", "orders"),
                        Map.of("ts_ms", 999_999L),
                        Map.of("ts_ms", 999_999L),
                        List.of("id"),
                        new ChangeEvent.Metadata(null, null, 0));
        Object tx = new Object();
        metrics.submitted(tx, 999_000, other);
        metrics.committed(tx, other);

        now.addAndGet(1_000);
        assertThat(metrics.delayMs()).as("still counted from the start").isEqualTo(1_000);
    }

    private static ChangeEvent heartbeat(long writtenMs) {
        Map<String, Object> row =
                Map.of(HeartbeatTable.SOURCE, "ferry-capture", HeartbeatTable.TIMESTAMP, writtenMs);
        return ChangeEvent.update(
                TableId.of("ferry_meta", "heartbeat"),
                row,
                row,
                List.of(HeartbeatTable.SOURCE),
                new ChangeEvent.Metadata(null, null, 0));
    }
}
