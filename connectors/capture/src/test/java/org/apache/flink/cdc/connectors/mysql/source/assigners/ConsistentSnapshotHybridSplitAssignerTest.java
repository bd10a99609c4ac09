package org.apache.flink.cdc.connectors.mysql.source.assigners;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.TableId;
import io.debezium.relational.history.TableChanges;
import java.lang.reflect.Field;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.HybridPendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.PendingSplitsStateSerializer;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.SnapshotPendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfigFactory;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplitSerializer;
import org.junit.jupiter.api.Test;

/**
 * Pins the Flink CDC 3.5 internals the consistent checkpoint relies on, and shows that its state
 * survives the splitter changing the assigner's schemas while checkpoints serialize.
 */
class ConsistentSnapshotHybridSplitAssignerTest {

    private static ConsistentSnapshotHybridSplitAssigner assigner() {
        MySqlSourceConfig config =
                new MySqlSourceConfigFactory()
                        .hostname("localhost")
                        .port(3306)
                        .username("u")
                        .password("p")
                        .databaseList("db")
                        .tableList("db.t0")
                        .createConfig(0);
        return new ConsistentSnapshotHybridSplitAssigner(config, 2, new ArrayList<>(), true, null);
    }

    private static TableChanges.TableChange schema(int table) {
        TableId id = new TableId("db", null, "t" + table);
        Table definition =
                Table.editor()
                        .tableId(id)
                        .addColumn(
                                Column.editor()
                                        .name("id")
                                        .type("INT")
                                        .jdbcType(Types.INTEGER)
                                        .position(1)
                                        .create())
                        .setPrimaryKeyNames("id")
                        .create();
        return new TableChanges.TableChange(TableChanges.TableChangeType.CREATE, definition);
    }

    private static MySqlSnapshotSplitAssigner snapshotAssigner(MySqlHybridSplitAssigner hybrid)
            throws ReflectiveOperationException {
        Field field = MySqlHybridSplitAssigner.class.getDeclaredField("snapshotSplitAssigner");
        field.setAccessible(true);
        return (MySqlSnapshotSplitAssigner) field.get(hybrid);
    }

    @Test
    void theSnapshotAssignersLockIsFound() {
        ConsistentSnapshotHybridSplitAssigner assigner = assigner();

        assertThat(ConsistentSnapshotHybridSplitAssigner.splittingLock(assigner)).isNotNull();
    }

    @Test
    void checkpointsSerializeWhileTheSplitterAddsSchemas() throws Exception {
        ConsistentSnapshotHybridSplitAssigner assigner = assigner();
        Object lock = ConsistentSnapshotHybridSplitAssigner.splittingLock(assigner);
        // The stock state holds the assigner's live map of table schemas: the splitter's.
        Map<TableId, TableChanges.TableChange> live =
                snapshotAssigner(assigner).snapshotState(0).getTableSchemas();
        PendingSplitsStateSerializer serializer =
                new PendingSplitsStateSerializer(MySqlSplitSerializer.INSTANCE);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<Throwable> splitterFailure = new AtomicReference<>();
        Thread splitter =
                new Thread(
                        () -> {
                            // What MySqlSnapshotSplitAssigner.splitTable does, table after table.
                            for (int table = 0; !stop.get(); table++) {
                                synchronized (lock) {
                                    live.put(new TableId("db", null, "t" + table), schema(table));
                                    if (table % 500 == 499) {
                                        live.clear();
                                    }
                                }
                            }
                        });
        splitter.setUncaughtExceptionHandler((t, e) -> splitterFailure.set(e));
        splitter.start();
        try {
            for (long checkpoint = 1; checkpoint <= 300; checkpoint++) {
                HybridPendingSplitsState state =
                        (HybridPendingSplitsState) assigner.snapshotState(checkpoint);
                SnapshotPendingSplitsState restored =
                        ((HybridPendingSplitsState)
                                        serializer.deserialize(
                                                serializer.getVersion(),
                                                serializer.serialize(state)))
                                .getSnapshotPendingSplits();

                assertThat(restored.getTableSchemas().keySet())
                        .isEqualTo(state.getSnapshotPendingSplits().getTableSchemas().keySet());
            }
        } finally {
            stop.set(true);
            splitter.join();
        }
        assertThat(splitterFailure.get()).isNull();
    }
}
