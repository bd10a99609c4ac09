package org.apache.flink.cdc.connectors.mysql.source;

import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.connectors.mysql.source.assigners.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.mysql.source.config.MySqlSourceConfigFactory;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlSplit;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;

/**
 * A {@link MySqlSource} that runs a {@link EmitterReplacingSourceFactory.Preparation} in the JVM of
 * each enumerator and reader before they connect: the TLS key stores its connection properties name
 * are written there, on a cluster's JobManager and TaskManagers too. Its enumerator checkpoints
 * consistently, as {@link ConsistentSnapshotMySqlSource}'s.
 */
final class PreparedMySqlSource<T> extends ConsistentSnapshotMySqlSource<T> {
    private static final long serialVersionUID = 1L;

    private final EmitterReplacingSourceFactory.Preparation preparation;

    PreparedMySqlSource(
            MySqlSourceConfigFactory configFactory,
            DebeziumDeserializationSchema<T> deserializer,
            RecordEmitterSupplier<T> emitters,
            EmitterReplacingSourceFactory.Preparation preparation) {
        super(configFactory, deserializer, emitters);
        this.preparation = preparation;
    }

    @Override
    public SourceReader<T, MySqlSplit> createReader(SourceReaderContext context) throws Exception {
        preparation.prepare();
        return new ExplainingSourceReader<>(super.createReader(context));
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
