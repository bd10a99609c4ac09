package dev.ferry.jobs.status;

import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The capture job's phase and snapshot progress, worked out from its counters: plain arithmetic,
 * kept apart from the REST calls so it can be tested alone.
 *
 * <p>Flink CDC's MySQL source publishes no "snapshot finished" metric, and backfilled changes of
 * the snapshot arrive as snapshot rows. So the phase is {@code binlog} from the first binlog event
 * on; before that, once no snapshot row has come for {@link #QUIET_MS} and every table has at least
 * {@link #NEARLY_DONE} of its estimated rows, or once none has come for {@link #SILENT_MS}. A
 * snapshot slowed down by a busy machine or a full Kafka stays {@code snapshot}.
 */
final class CaptureProgress {
    static final long QUIET_MS = 10_000;
    static final long SILENT_MS = 120_000;

    /** information_schema's estimates are approximate: a finished table may show less. */
    static final double NEARLY_DONE = 0.9;

    private CaptureProgress() {}

    static String phase(
            long snapshotRows,
            long binlogEvents,
            long lastSnapshotRowMs,
            long nowMs,
            Map<String, Long> rowsDone,
            Map<String, Long> estimates) {
        if (binlogEvents > 0) {
            return "binlog";
        }
        if (snapshotRows == 0 || lastSnapshotRowMs <= 0) {
            return "snapshot";
        }
        long quiet = nowMs - lastSnapshotRowMs;
        boolean nearlyDone =
                estimates.entrySet().stream()
                        .allMatch(
                                table ->
                                        rowsDone.getOrDefault(table.getKey(), 0L)
                                                >= NEARLY_DONE * table.getValue());
        return quiet >= SILENT_MS || (quiet >= QUIET_MS && nearlyDone) ? "binlog" : "snapshot";
    }

    /**
     * One line per table: every table with counted rows and every table with an estimate. Once the
     * snapshot is over every table is at 100 %, whatever the (approximate) estimate said.
     */
    static List<TableProgress> tables(
            Map<String, Long> rowsDone, Map<String, Long> estimates, String phase) {
        List<TableProgress> tables = new ArrayList<>();
        TreeSet<String> names = new TreeSet<>(rowsDone.keySet());
        names.addAll(estimates.keySet());
        for (String table : names) {
            long done = rowsDone.getOrDefault(table, 0L);
            Long estimated = estimates.get(table);
            tables.add(new TableProgress(table, done, estimated, percent(done, estimated, phase)));
        }
        return tables;
    }

    static double percent(long done, Long estimated, String phase) {
        if (phase.equals("binlog")) {
            return 100.0;
        }
        if (estimated == null || estimated <= 0) {
            return done > 0 ? 100.0 : 0.0;
        }
        return Math.min(100.0, Math.round(1000.0 * done / estimated) / 10.0);
    }

    /** Seconds until the estimated rows are all read at the current pace; null when unknown. */
    static Long etaSeconds(List<TableProgress> tables, Double rowsPerSecond, String phase) {
        if (!phase.equals("snapshot") || rowsPerSecond == null || rowsPerSecond <= 0) {
            return phase.equals("binlog") ? 0L : null;
        }
        long remaining = 0;
        for (TableProgress table : tables) {
            if (table.rowsEstimated() != null) {
                remaining += Math.max(0, table.rowsEstimated() - table.rowsDone());
            }
        }
        return Math.round(remaining / rowsPerSecond);
    }
}
