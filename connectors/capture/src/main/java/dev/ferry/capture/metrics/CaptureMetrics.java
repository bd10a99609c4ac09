package dev.ferry.capture.metrics;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.heartbeat.HeartbeatTable;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MeterView;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;

/**
 * The capture job's progress as Flink metrics, in the group {@value #GROUP} of the {@value
 * #OPERATOR} operator: what `ferry status` reads over Flink's REST API and what the Prometheus
 * reporter exports. Names are listed in docs/operations.md.
 */
public final class CaptureMetrics {
    public static final String OPERATOR = "capture-metrics";
    public static final String GROUP = "ferry";

    /**
     * Keys of the per-table groups, {@code database.<db>.table.<table>}: Prometheus shows them as
     * the labels {@code database} and {@code table}. Two groups, because Flink's REST API replaces
     * the dot of a {@code db.table} value.
     */
    public static final String DATABASE = "database";

    public static final String TABLE = "table";

    public static final String SNAPSHOT_ROWS = "snapshotRows";
    public static final String BINLOG_EVENTS = "binlogEvents";
    public static final String EVENTS_PER_SECOND = "eventsPerSecond";
    public static final String BINLOG_FILE = "binlogFile";
    public static final String BINLOG_FILE_INDEX = "binlogFileIndex";
    public static final String BINLOG_POSITION = "binlogPosition";
    public static final String LAST_EVENT_TIME = "lastEventTimeMs";
    public static final String CAPTURE_LAG = "captureLagMs";
    public static final String LAST_SNAPSHOT_ROW_TIME = "lastSnapshotRowTimeMs";

    private final MetricGroup group;
    private final LongSupplier clock;
    private final Counter snapshotRows;
    private final Counter binlogEvents;
    private final Counter events = new SimpleCounter();
    private final Map<String, Counter> tableSnapshotRows = new HashMap<>();
    private volatile String binlogFile = "";
    private volatile long binlogPosition = -1;
    private volatile long lastEventTimeMs = -1;
    private volatile long lastSnapshotRowTimeMs = -1;

    /** The time of the newest heartbeat row read, or -1 before the first. */
    private volatile long heartbeatMs = -1;

    private final HeartbeatTable heartbeat;

    public CaptureMetrics(MetricGroup operatorGroup, LongSupplier clock) {
        this(operatorGroup, clock, null);
    }

    /** {@code heartbeat}: the heartbeat table (monitoring.heartbeat-table), or null. */
    public CaptureMetrics(MetricGroup operatorGroup, LongSupplier clock, HeartbeatTable heartbeat) {
        this.group = operatorGroup.addGroup(GROUP);
        this.clock = clock;
        this.heartbeat = heartbeat;
        this.snapshotRows = group.counter(SNAPSHOT_ROWS);
        this.binlogEvents = group.counter(BINLOG_EVENTS);
        // A 10 s window: short enough that the status follows a change of pace.
        group.meter(EVENTS_PER_SECOND, new MeterView(events, 10));
        group.gauge(BINLOG_FILE, () -> binlogFile);
        group.gauge(BINLOG_FILE_INDEX, () -> fileIndex(binlogFile));
        group.gauge(BINLOG_POSITION, () -> binlogPosition);
        group.gauge(LAST_EVENT_TIME, () -> lastEventTimeMs);
        group.gauge(CAPTURE_LAG, this::delayMs);
        group.gauge(LAST_SNAPSHOT_ROW_TIME, () -> lastSnapshotRowTimeMs);
    }

    /**
     * Counts carried over from before a restore: the snapshot rows of each table, the binlog events
     * this job had sent on and when its last snapshot row passed, so that a resumed job's figures
     * and phase add up (Flink's counters start at zero in every run).
     */
    public void restore(
            Map<String, Long> snapshotRowsByTable, long binlogEventCount, long lastSnapshotRowMs) {
        lastSnapshotRowTimeMs = Math.max(lastSnapshotRowTimeMs, lastSnapshotRowMs);
        snapshotRowsByTable.forEach(
                (table, rows) -> {
                    snapshotRows.inc(rows);
                    tableCounter(TableId.parse(table)).inc(rows);
                });
        binlogEvents.inc(binlogEventCount);
    }

    /** The snapshot rows of each table counted so far, restored ones included. */
    public Map<String, Long> snapshotRowsByTable() {
        Map<String, Long> rows = new HashMap<>();
        tableSnapshotRows.forEach((table, counter) -> rows.put(table, counter.getCount()));
        return rows;
    }

    /** When the last snapshot row passed, restored or not; -1 if none did. */
    public long lastSnapshotRowTimeMs() {
        return lastSnapshotRowTimeMs;
    }

    /** The binlog events counted so far, restored ones included. */
    public long binlogEventCount() {
        return binlogEvents.getCount();
    }

    private Counter tableCounter(TableId table) {
        return tableSnapshotRows.computeIfAbsent(
                table.qualifiedName(),
                name ->
                        group.addGroup(DATABASE, table.database())
                                .addGroup(TABLE, table.table())
                                .counter(SNAPSHOT_ROWS));
    }

    /** Counts one event passing from the binlog source to Kafka. */
    public void record(ChangeEvent event) {
        events.inc();
        SourcePosition source = event.source();
        long now = clock.getAsLong();
        if (event.operation() == Operation.READ || source == null) {
            snapshotRows.inc();
            tableCounter(event.table()).inc();
            lastSnapshotRowTimeMs = now;
            return;
        }
        binlogEvents.inc();
        binlogFile = source.binlogFile();
        binlogPosition = source.binlogPosition();
        if (source.commitTimestampMs() > 0) {
            lastEventTimeMs = source.commitTimestampMs();
        }
        if (heartbeat != null && heartbeat.is(event.table().database(), event.table().table())) {
            long written = HeartbeatTable.timestampMs(event.after());
            heartbeatMs = Math.max(heartbeatMs, written);
        }
    }

    /**
     * The capture's delay (docs/operations.md, Delay): how long ago the oldest upstream change this
     * capture has not read yet was committed, from its clock now. That change was committed after
     * the last binlog event read (whose commit time has 1 s resolution) and after the last
     * heartbeat read, so the newer of the two bounds it; with heartbeats every second, the figure
     * is at most about a second high, also when the upstream is idle. -1 (unknown) in a subtask
     * that has read no binlog event: a snapshot reader, or the binlog reader before its first.
     */
    long delayMs() {
        long readUpTo = Math.max(heartbeatMs, lastEventTimeMs);
        if (readUpTo < 0) {
            return -1;
        }
        return Math.max(0, clock.getAsLong() - readUpTo);
    }

    /** The number at the end of a binlog file name ({@code mysql-bin.000042} is 42), or -1. */
    public static long fileIndex(String binlogFile) {
        int dot = binlogFile == null ? -1 : binlogFile.lastIndexOf('.');
        if (dot < 0) {
            return -1;
        }
        try {
            return Long.parseLong(binlogFile.substring(dot + 1));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
