package org.apache.flink.cdc.connectors.mysql.source;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfig;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfigFactory;
import org.apache.flink.cdc.connectors.mysql.source.metrics.MySqlSourceReaderMetrics;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlSourceReader;
import org.apache.flink.cdc.connectors.mysql.source.reader.MySqlSourceReaderContext;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplit;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.connector.base.source.reader.synchronization.FutureCompletingBlockingQueue;

/**
 * A {@link MySqlSource} that runs a {@link EmitterReplacingSourceFactory.Preparation} in the JVM of
 * each enumerator and reader before they connect: the TLS key stores its connection properties name
 * are written there, on a cluster's JobManager and TaskManagers too. Its enumerator checkpoints
 * consistently, as {@link ConsistentSnapshotMySqlSource}'s, and its readers fail on a lost binlog
 * session ({@link BinlogGuardingSplitReader}) rather than resume it mid-transaction.
 */
final class PreparedMySqlSource<T> extends ConsistentSnapshotMySqlSource<T> {
    private static final long serialVersionUID = 1L;

    private final EmitterReplacingSourceFactory.Preparation preparation;
    private final RecordEmitterSupplier<T> emitters;

    PreparedMySqlSource(
            MySqlSourceConfigFactory configFactory,
            DebeziumDeserializationSchema<T> deserializer,
            RecordEmitterSupplier<T> emitters,
            EmitterReplacingSourceFactory.Preparation preparation) {
        super(configFactory, deserializer, emitters);
        this.preparation = preparation;
        this.emitters = emitters;
    }

    /** As {@code MySqlSource.createReader} of Flink CDC 3.5.0, with a guarded split reader. */
    @Override
    public SourceReader<T, MySqlSplit> createReader(SourceReaderContext context) throws Exception {
        preparation.prepare();
        MySqlSourceConfig sourceConfig =
                getConfigFactory().createConfig(context.getIndexOfSubtask());
        MySqlSourceReaderMetrics metrics = new MySqlSourceReaderMetrics(context.metricGroup());
        metrics.registerMetrics();
        MySqlSourceReaderContext readerContext = new MySqlSourceReaderContext(context);
        return new ExplainingSourceReader<>(
                new MySqlSourceReader<>(
                        new FutureCompletingBlockingQueue<>(),
                        () ->
                                new BinlogGuardingSplitReader(
                                        sourceConfig, context.getIndexOfSubtask(), readerContext),
                        emitters.get(metrics, sourceConfig),
                        context.getConfiguration(),
                        readerContext,
                        sourceConfig));
    }

    @Override
    public SplitEnumerator<MySqlSplit, PendingSplitsState> createEnumerator(
            SplitEnumeratorContext<MySqlSplit> context) {
        preparation.prepare();
        return super.createEnumerator(context);
    }

    @Override
    public SplitEnumerator<MySqlSplit, PendingSplitsState> restoreEnumerator(
            SplitEnumeratorContext<MySqlSplit> context, PendingSplitsState state) {
        preparation.prepare();
        return super.restoreEnumerator(context, state);
    }
}
