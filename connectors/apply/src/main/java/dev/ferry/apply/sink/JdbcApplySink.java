package dev.ferry.apply.sink;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.apply.source.RawChange;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * The JDBC sink of the apply job. At-least-once with idempotent effect: each writer flushes its
 * buffer before every checkpoint, and a replay after a restart re-applies full row images in order,
 * which converges to the same rows.
 */
public final class JdbcApplySink implements Sink<RawChange> {
    private static final long serialVersionUID = 1L;

    private final ApplyConfig config;

    public JdbcApplySink(ApplyConfig config) {
        this.config = config;
    }

    @Override
    public SinkWriter<RawChange> createWriter(WriterInitContext context) {
        return new JdbcApplyWriter(
                config,
                context.getProcessingTimeService(),
                context.metricGroup(),
                context.getTaskInfo().getIndexOfThisSubtask(),
                context.getTaskInfo().getNumberOfParallelSubtasks());
    }

    @Override
    @Deprecated
    public SinkWriter<RawChange> createWriter(InitContext context) {
        throw new UnsupportedOperationException(
                "Flink 1.20 creates writers with a WriterInitContext");
    }
}
