package dev.ferry.capture.metrics;

import dev.ferry.capture.heartbeat.HeartbeatWriter;
import dev.ferry.capture.source.CaptureRecord;
import dev.ferry.heartbeat.HeartbeatTable;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeHint;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;

/**
 * Passes the capture's records on unchanged, counting the row changes into {@link CaptureMetrics}.
 * With a heartbeat table, its first subtask also writes the heartbeats upstream. The counts are
 * kept in its state, so that after a restore the status still adds up: a resumed job's tables show
 * the rows the snapshot copied, not 0.
 */
public final class CaptureMetricsFunction extends RichMapFunction<CaptureRecord, CaptureRecord>
        implements CheckpointedFunction {
    private static final long serialVersionUID = 1L;

    private final HeartbeatTable heartbeat;
    private final DatabaseEndpoint upstream;
    private final String source;

    /**
     * Entries are (table, snapshot rows), ({@link #BINLOG}, binlog events) and ({@link
     * #LAST_SNAPSHOT_ROW}, its time); neither name can be a table's, which has a dot.
     */
    private static final String BINLOG = "binlog";

    private static final String LAST_SNAPSHOT_ROW = "last-snapshot-row";

    private transient CaptureMetrics metrics;
    private transient HeartbeatWriter writer;
    private transient ListState<Tuple2<String, Long>> counts;
    private transient Map<String, Long> restoredRows;
    private transient long restoredBinlogEvents;
    private transient long restoredLastSnapshotRowMs = -1;

    /** Without heartbeats. */
    public CaptureMetricsFunction() {
        this(null, null, null);
    }

    /**
     * @param heartbeat the heartbeat table, or null for none
     * @param source the name of this capture job's heartbeat row
     */
    public CaptureMetricsFunction(
            HeartbeatTable heartbeat, DatabaseEndpoint upstream, String source) {
        this.heartbeat = heartbeat;
        this.upstream = upstream;
        this.source = source;
    }

    @Override
    public void open(OpenContext context) {
        metrics =
                new CaptureMetrics(
                        getRuntimeContext().getMetricGroup(), System::currentTimeMillis, heartbeat);
        if (restoredRows != null) {
            metrics.restore(restoredRows, restoredBinlogEvents, restoredLastSnapshotRowMs);
        }
        if (heartbeat != null && getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
            writer = HeartbeatWriter.start(upstream, heartbeat, source);
        }
    }

    @Override
    public CaptureRecord map(CaptureRecord record) {
        if (record instanceof CaptureRecord.Change change) {
            metrics.record(change.event());
        }
        return record;
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        counts =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "capture-counts",
                                        TypeInformation.of(
                                                new TypeHint<Tuple2<String, Long>>() {})));
        if (context.isRestored()) {
            // Split among the subtasks on a rescale; status sums them again.
            restoredRows = new HashMap<>();
            for (Tuple2<String, Long> entry : counts.get()) {
                if (entry.f0.equals(BINLOG)) {
                    restoredBinlogEvents += entry.f1;
                } else if (entry.f0.equals(LAST_SNAPSHOT_ROW)) {
                    restoredLastSnapshotRowMs = Math.max(restoredLastSnapshotRowMs, entry.f1);
                } else {
                    restoredRows.merge(entry.f0, entry.f1, Long::sum);
                }
            }
        }
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        List<Tuple2<String, Long>> entries = new ArrayList<>();
        metrics.snapshotRowsByTable().forEach((table, rows) -> entries.add(Tuple2.of(table, rows)));
        entries.add(Tuple2.of(BINLOG, metrics.binlogEventCount()));
        entries.add(Tuple2.of(LAST_SNAPSHOT_ROW, metrics.lastSnapshotRowTimeMs()));
        counts.update(entries);
    }

    @Override
    public void close() throws Exception {
        if (writer != null) {
            writer.close();
        }
    }
}
