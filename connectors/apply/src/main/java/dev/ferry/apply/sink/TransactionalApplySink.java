package dev.ferry.apply.sink;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.apply.source.RawChange;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * The sink of {@code apply.consistency=transaction}: one writer (parallelism 1) sees every change
 * and END record, assembles upstream transactions and runs them over {@code apply.workers}
 * downstream connections. Exactly once through the downstream's progress table, not through Flink
 * checkpoints (see {@link TransactionalApplyWriter}).
 */
public final class TransactionalApplySink implements Sink<RawChange> {
    private static final long serialVersionUID = 1L;

    private final ApplyConfig config;

    public TransactionalApplySink(ApplyConfig config) {
        this.config = config;
    }

    @Override
    public SinkWriter<RawChange> createWriter(WriterInitContext context) {
        return new TransactionalApplyWriter(
                config, context.getProcessingTimeService(), context.metricGroup());
    }

    @Override
    @Deprecated
    public SinkWriter<RawChange> createWriter(InitContext context) {
        throw new UnsupportedOperationException(
                "Flink 1.20 creates writers with a WriterInitContext");
    }
}
