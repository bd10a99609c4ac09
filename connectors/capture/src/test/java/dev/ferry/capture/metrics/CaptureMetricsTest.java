package dev.ferry.capture.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.heartbeat.HeartbeatTable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.junit.jupiter.api.Test;

/** The capture's delay as docs/operations.md defines it, on a clock the test moves. */
class CaptureMetricsTest {
    private static final HeartbeatTable HEARTBEAT = HeartbeatTable.parse("ferry_meta.heartbeat");

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final CaptureMetrics metrics =
            new CaptureMetrics(new UnregisteredMetricsGroup(), now::get, HEARTBEAT);

    @Test
    void unknownBeforeTheFirstBinlogEvent() {
        metrics.record(
                ChangeEvent.snapshotRead(
                        TableId.of("shop", "orders"), Map.of("id", 1), List.of("id"), metadata(0)));

        assertThat(metrics.delayMs()).isEqualTo(-1);
    }

    @Test
    void growsWhileNothingNewIsReadAndHeartbeatsKeepItCurrentWhenIdle() {
        metrics.record(change("shop", "orders", Map.of("id", 1), 990_000));
        assertThat(metrics.delayMs()).isEqualTo(10_000);

        now.addAndGet(5_000);
        assertThat(metrics.delayMs()).as("not stale: it grows").isEqualTo(15_000);

        // The upstream is idle; a heartbeat written 300 ms ago is read.
        metrics.record(
                change(
                        "ferry_meta",
                        "heartbeat",
                        Map.of(HeartbeatTable.SOURCE, "c", HeartbeatTable.TIMESTAMP, 1_004_700L),
                        1_004_000));
        assertThat(metrics.delayMs()).isEqualTo(300);
    }

    private static ChangeEvent change(
            String database, String table, Map<String, Object> row, long commitMs) {
        return ChangeEvent.update(
                TableId.of(database, table), row, row, List.of("id"), metadata(commitMs));
    }

    private static ChangeEvent.Metadata metadata(long commitMs) {
        return new ChangeEvent.Metadata(
                commitMs == 0 ? null : new SourcePosition("bin.000001", 4, 0, 1, commitMs, false),
                null,
                commitMs);
    }
}
