package dev.ferry.capture.route;

import dev.ferry.capture.source.CaptureRecord;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.util.Collector;

/**
 * The capture's {@link ShardDdlCoordinator} as a Flink operator right after the source, in the same
 * subtasks: the coordinator, with the changes that wait for a shard DDL, is in each checkpoint
 * beside the source's binlog position, so a restart from it neither loses nor repeats them. Its
 * metrics ({@value #PENDING}, {@value #HELD}) tell {@code ferry status} which shards have run a
 * pending statement and which have not.
 */
public final class ShardDdlFunction extends RichFlatMapFunction<CaptureRecord, CaptureRecord>
        implements CheckpointedFunction {
    private static final long serialVersionUID = 1L;

    /** The operator's name and uid. */
    public static final String OPERATOR = "shard-ddl";

    /** Gauge: the pending shard DDL per target, empty when none is pending. */
    public static final String PENDING = "pendingShardDdl";

    /** Gauge: how many changes wait for a shard DDL. */
    public static final String HELD = "heldShardChanges";

    private final ShardDdlCoordinator initial;

    private transient ShardDdlCoordinator coordinator;
    private transient ListState<byte[]> state;

    /**
     * @param initial the coordinator as a capture without state starts it (its targets and shards)
     */
    public ShardDdlFunction(ShardDdlCoordinator initial) {
        this.initial = initial;
    }

    @Override
    public void open(OpenContext context) {
        MetricGroup group = getRuntimeContext().getMetricGroup().addGroup("ferry");
        group.gauge(PENDING, (Gauge<String>) () -> coordinator.describePending());
        group.gauge(HELD, (Gauge<Long>) () -> coordinator.heldChanges());
    }

    @Override
    public void flatMap(CaptureRecord record, Collector<CaptureRecord> out) {
        coordinator.process(record, out::collect);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        state =
                context.getOperatorStateStore()
                        .getListState(
                                new ListStateDescriptor<>(
                                        "shard-ddl-coordinator",
                                        PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
        coordinator = initial;
        if (context.isRestored()) {
            coordinator = restored(state.get(), initial);
        }
    }

    /**
     * The restored coordinator of this subtask: the one the binlog reader's subtask kept, which is
     * the only one that can wait for a DDL (a rescale may hand a subtask none, or several).
     */
    static ShardDdlCoordinator restored(Iterable<byte[]> entries, ShardDdlCoordinator initial)
            throws IOException, ClassNotFoundException {
        List<ShardDdlCoordinator> restored = new ArrayList<>();
        for (byte[] entry : entries) {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(entry))) {
                restored.add((ShardDdlCoordinator) in.readObject());
            }
        }
        List<ShardDdlCoordinator> pending =
                restored.stream().filter(ShardDdlCoordinator::waits).toList();
        if (pending.size() > 1) {
            throw new IllegalStateException(
                    "The capture's state holds several shard DDL coordinators that wait, after a"
                            + " change of parallelism: restore it at the parallelism it was"
                            + " checkpointed with.");
        }
        ShardDdlCoordinator coordinator =
                !pending.isEmpty()
                        ? pending.get(0)
                        : restored.isEmpty() ? initial : restored.get(0);
        if (coordinator != initial) {
            coordinator.addTargetsOf(initial);
        }
        return coordinator;
    }

    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(coordinator);
        }
        state.update(List.of(bytes.toByteArray()));
    }
}
