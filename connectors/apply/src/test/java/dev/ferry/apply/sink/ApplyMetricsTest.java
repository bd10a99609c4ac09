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
    private final AtomicLong now = new AtomicLong(1_000_000);

    private ApplyMetrics metrics(HeartbeatTable heartbeat) {
        return new ApplyMetrics(
                new UnregisteredMetricsGroup(), () -> 0, () -> 0, heartbeat, now::get);
    }

    @Test
    void withoutHeartbeatsAnIdleApplyCannotKnowItsDelay() {
        ApplyMetrics metrics = metrics(null);
        assertThat(metrics.delayMs()).as("not 0: unknown").isEqualTo(-1);

        metrics.submitted(997_000);
        assertThat(metrics.delayMs()).isEqualTo(3_000);
        metrics.applied(1, 10, true, 997_000);
        assertThat(metrics.delayMs()).isEqualTo(-1);
    }

    @Test
    void withHeartbeatsItCountsFromTheStartUntilTheFirstHeartbeatIsApplied() {
        ApplyMetrics metrics = metrics(HeartbeatTable.parse("ferry_meta.heartbeat"));
        now.addAndGet(2_500);

        assertThat(metrics.delayMs()).as("before anything was applied").isEqualTo(2_500);

        metrics.heartbeatApplied(heartbeat(1_002_200));
        assertThat(metrics.delayMs()).isEqualTo(300);
        now.addAndGet(4_000);
        assertThat(metrics.delayMs()).as("no newer heartbeat: it grows").isEqualTo(4_300);
    }

    @Test
    void anOlderTransactionStillInFlightCountsOverANewerHeartbeat() {
        ApplyMetrics metrics = metrics(HeartbeatTable.parse("ferry_meta.heartbeat"));
        metrics.submitted(990_000);
        metrics.submitted(990_000);
        metrics.submitted(995_000);
        metrics.heartbeatApplied(heartbeat(999_900));

        assertThat(metrics.delayMs()).isEqualTo(10_000);
        metrics.applied(1, 10, true, 990_000);
        assertThat(metrics.delayMs()).as("one of two still in flight").isEqualTo(10_000);
        metrics.applied(1, 10, true, 990_000);
        assertThat(metrics.delayMs()).isEqualTo(5_000);
        metrics.applied(1, 10, true, 995_000);
        assertThat(metrics.delayMs()).isEqualTo(100);
    }

    @Test
    void onlyTheHeartbeatTableMovesIt() {
        ApplyMetrics metrics = metrics(HeartbeatTable.parse("ferry_meta.heartbeat"));
        metrics.heartbeatApplied(
                ChangeEvent.update(
                        TableId.of("shop", "orders"),
                        Map.of("ts_ms", 999_999L),
                        Map.of("ts_ms", 999_999L),
                        List.of("id"),
                        new ChangeEvent.Metadata(null, null, 0)));

        assertThat(metrics.delayMs()).isEqualTo(0);
        now.addAndGet(1_000);
        assertThat(metrics.delayMs()).as("still counted from the start").isEqualTo(1_000);
    }

    @Test
    void aSnapshotCopyOfTheHeartbeatRowDoesNotMoveIt() {
        ApplyMetrics metrics = metrics(HeartbeatTable.parse("ferry_meta.heartbeat"));
        now.addAndGet(3_000);
        metrics.heartbeatApplied(
                ChangeEvent.snapshotRead(
                        TableId.of("ferry_meta", "heartbeat"),
                        Map.of(HeartbeatTable.SOURCE, "c", HeartbeatTable.TIMESTAMP, 1_002_900L),
                        List.of(HeartbeatTable.SOURCE),
                        new ChangeEvent.Metadata(null, null, 0)));

        assertThat(metrics.delayMs()).isEqualTo(3_000);
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
