package dev.ferry.capture.metrics;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.SourcePosition;
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
    private volatile long captureLagMs = -1;
    private volatile long lastSnapshotRowTimeMs = -1;

    public CaptureMetrics(MetricGroup operatorGroup, LongSupplier clock) {
        this.group = operatorGroup.addGroup(GROUP);
        this.clock = clock;
        this.snapshotRows = group.counter(SNAPSHOT_ROWS);
        this.binlogEvents = group.counter(BINLOG_EVENTS);
        // A 10 s window: short enough that the status follows a change of pace.
        group.meter(EVENTS_PER_SECOND, new MeterView(events, 10));
        group.gauge(BINLOG_FILE, () -> binlogFile);
        group.gauge(BINLOG_FILE_INDEX, () -> fileIndex(binlogFile));
        group.gauge(BINLOG_POSITION, () -> binlogPosition);
        group.gauge(LAST_EVENT_TIME, () -> lastEventTimeMs);
        group.gauge(CAPTURE_LAG, () -> captureLagMs);
        group.gauge(LAST_SNAPSHOT_ROW_TIME, () -> lastSnapshotRowTimeMs);
    }

    /** Counts one event passing from the binlog source to Kafka. */
    public void record(ChangeEvent event) {
        events.inc();
        SourcePosition source = event.source();
        long now = clock.getAsLong();
        if (event.operation() == Operation.READ || source == null) {
            snapshotRows.inc();
            tableSnapshotRows
                    .computeIfAbsent(
                            event.table().qualifiedName(),
                            table ->
                                    group.addGroup(DATABASE, event.table().database())
                                            .addGroup(TABLE, event.table().table())
                                            .counter(SNAPSHOT_ROWS))
                    .inc();
            lastSnapshotRowTimeMs = now;
            return;
        }
        binlogEvents.inc();
        binlogFile = source.binlogFile();
        binlogPosition = source.binlogPosition();
        if (source.commitTimestampMs() > 0) {
            lastEventTimeMs = source.commitTimestampMs();
            captureLagMs = Math.max(0, now - source.commitTimestampMs());
        }
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
