package org.apache.flink.cdc.connectors.mysql.source;

import io.debezium.jdbc.JdbcConnection;
import java.util.ArrayList;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.connectors.mysql.MySqlValidator;
import org.apache.flink.cdc.connectors.mysql.debezium.DebeziumUtils;
import org.apache.flink.cdc.connectors.mysql.source.assigners.ConsistentSnapshotHybridSplitAssigner;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.HybridPendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfigFactory;
import org.apache.flink.cdc.connectors.mysql.source.enumerator.MySqlSourceEnumerator;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplit;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * Flink CDC's MySQL source whose snapshot-then-binlog enumerator checkpoints a consistent copy of
 * its state ({@link ConsistentSnapshotHybridSplitAssigner}); everything else is the stock source.
 * The enumerator is built as {@code MySqlSource} 3.5.0 builds it for a snapshot startup.
 */
class ConsistentSnapshotMySqlSource<T> extends MySqlSource<T> {
    private static final long serialVersionUID = 1L;

    /** The server name MySqlSource gives its enumerator's configuration (private there). */
    private static final String ENUMERATOR_SERVER_NAME = "mysql_source_split_enumerator";

    ConsistentSnapshotMySqlSource(
            MySqlSourceConfigFactory configFactory,
            DebeziumDeserializationSchema<T> deserializer,
            RecordEmitterSupplier<T> emitters) {
        super(configFactory, deserializer, emitters);
    }

    @Override
    public SplitEnumerator<MySqlSplit, PendingSplitsState> createEnumerator(
            SplitEnumeratorContext<MySqlSplit> enumContext) {
        MySqlSourceConfig sourceConfig = getConfigFactory().createConfig(0, ENUMERATOR_SERVER_NAME);
        if (sourceConfig.getStartupOptions().isSnapshotOnly()
                || sourceConfig.getStartupOptions().isStreamOnly()) {
            return super.createEnumerator(enumContext); // no splitter thread beside a checkpoint
        }
        new MySqlValidator(sourceConfig).validate();
        try (JdbcConnection jdbc = DebeziumUtils.openJdbcConnection(sourceConfig)) {
            boolean isTableIdCaseSensitive = DebeziumUtils.isTableIdCaseSensitive(jdbc);
            return new MySqlSourceEnumerator(
                    enumContext,
                    sourceConfig,
                    new ConsistentSnapshotHybridSplitAssigner(
                            sourceConfig,
                            enumContext.currentParallelism(),
                            new ArrayList<>(),
                            isTableIdCaseSensitive,
                            enumContext),
                    getBoundedness());
        } catch (Exception e) {
            throw new FlinkRuntimeException("Failed to discover captured tables for enumerator", e);
        }
    }

    @Override
    public SplitEnumerator<MySqlSplit, PendingSplitsState> restoreEnumerator(
            SplitEnumeratorContext<MySqlSplit> enumContext, PendingSplitsState checkpoint) {
        if (!(checkpoint instanceof HybridPendingSplitsState hybrid)) {
            return super.restoreEnumerator(enumContext, checkpoint);
        }
        MySqlSourceConfig sourceConfig = getConfigFactory().createConfig(0, ENUMERATOR_SERVER_NAME);
        return new MySqlSourceEnumerator(
                enumContext,
                sourceConfig,
                new ConsistentSnapshotHybridSplitAssigner(
                        sourceConfig, enumContext.currentParallelism(), hybrid, enumContext),
                getBoundedness());
    }
}
