package org.apache.flink.cdc.connectors.mysql.source.assigners;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.HybridPendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.SnapshotPendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplit;

/**
 * Flink CDC 3.5's snapshot-then-binlog split assigner, whose checkpoint state is a copy taken while
 * the chunk splitter cannot change it.
 *
 * <p>Flink CDC 3.5 hands the checkpoint serializer its live collections while the {@code
 * snapshot-splitting} thread keeps adding to them: with many tables, serializing the table schemas
 * failed checkpoints with a {@code ConcurrentModificationException} (FLINK-38061, fixed after 3.5
 * by copying them in the state's constructor, still without the splitter's lock). Worse, a table
 * whose splits were added between the serializer writing the remaining splits and the remaining
 * tables would be in neither list after a restore. The splitter changes the state only while it
 * holds the snapshot assigner's lock, so the copy is taken under that lock: consistent, and never
 * changed while serialized. The lock is private, hence reflection; {@code
 * ConsistentSnapshotHybridSplitAssignerTest} fails when an upgrade renames it.
 */
public class ConsistentSnapshotHybridSplitAssigner extends MySqlHybridSplitAssigner {
    private final Object splittingLock;

    public ConsistentSnapshotHybridSplitAssigner(
            MySqlSourceConfig sourceConfig,
            int currentParallelism,
            List<io.debezium.relational.TableId> remainingTables,
            boolean isTableIdCaseSensitive,
            SplitEnumeratorContext<MySqlSplit> enumeratorContext) {
        super(
                sourceConfig,
                currentParallelism,
                remainingTables,
                isTableIdCaseSensitive,
                enumeratorContext);
        this.splittingLock = splittingLock(this);
    }

    public ConsistentSnapshotHybridSplitAssigner(
            MySqlSourceConfig sourceConfig,
            int currentParallelism,
            HybridPendingSplitsState checkpoint,
            SplitEnumeratorContext<MySqlSplit> enumeratorContext) {
        super(sourceConfig, currentParallelism, checkpoint, enumeratorContext);
        this.splittingLock = splittingLock(this);
    }

    @Override
    public PendingSplitsState snapshotState(long checkpointId) {
        synchronized (splittingLock) {
            HybridPendingSplitsState state =
                    (HybridPendingSplitsState) super.snapshotState(checkpointId);
            return new HybridPendingSplitsState(
                    copy(state.getSnapshotPendingSplits()), state.isBinlogSplitAssigned());
        }
    }

    static SnapshotPendingSplitsState copy(SnapshotPendingSplitsState state) {
        return new SnapshotPendingSplitsState(
                new ArrayList<>(state.getAlreadyProcessedTables()),
                new ArrayList<>(state.getRemainingSplits()),
                new LinkedHashMap<>(state.getAssignedSplits()),
                new HashMap<>(state.getTableSchemas()),
                new HashMap<>(state.getSplitFinishedOffsets()),
                state.getSnapshotAssignerStatus(),
                new ArrayList<>(state.getRemainingTables()),
                state.isTableIdCaseSensitive(),
                state.isRemainingTablesCheckpointed(),
                state.getChunkSplitterState());
    }

    /** The lock under which the snapshot assigner's splitter thread changes its state. */
    static Object splittingLock(MySqlHybridSplitAssigner hybrid) {
        Object snapshotAssigner =
                field(MySqlHybridSplitAssigner.class, "snapshotSplitAssigner", hybrid);
        return field(MySqlSnapshotSplitAssigner.class, "lock", snapshotAssigner);
    }

    private static Object field(Class<?> type, String name, Object instance) {
        try {
            Field field = type.getDeclaredField(name);
            field.setAccessible(true);
            Object value = field.get(instance);
            if (value == null) {
                throw new NoSuchFieldException(name + " is null");
            }
            return value;
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException(
                    "This Flink CDC version's "
                            + type.getSimpleName()
                            + " has no field '"
                            + name
                            + "', which ferry locks to checkpoint the snapshot consistently;"
                            + " ferry is built for Flink CDC 3.5.0",
                    e);
        }
    }
}
