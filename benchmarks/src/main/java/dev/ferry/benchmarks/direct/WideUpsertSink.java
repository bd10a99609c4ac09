package dev.ferry.benchmarks.direct;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * The direct import's sink: each subtask gathers its snapshot rows per table and writes them as
 * wide multi-row upserts over its own downstream connections ({@link WideUpsertWriter}). At least
 * once: every row is a whole-row upsert, so writing one again changes nothing.
 */
final class WideUpsertSink implements Sink<SnapshotRow> {
    private static final long serialVersionUID = 1L;

    private final DatabaseEndpoint downstream;
    private final int rowsPerStatement;
    private final int connectionsPerSubtask;

    WideUpsertSink(DatabaseEndpoint downstream, int rowsPerStatement, int connectionsPerSubtask) {
        this.downstream = downstream;
        this.rowsPerStatement = rowsPerStatement;
        this.connectionsPerSubtask = connectionsPerSubtask;
    }

    @Override
    public SinkWriter<SnapshotRow> createWriter(WriterInitContext context) {
        try {
            return new WideUpsertWriter(
                    downstream,
                    rowsPerStatement,
                    connectionsPerSubtask,
                    "direct-writer-" + context.getTaskInfo().getIndexOfThisSubtask());
        } catch (SQLException e) {
            throw new UncheckedIOException(new IOException("cannot connect to " + downstream, e));
        }
    }

    @Override
    @Deprecated
    public SinkWriter<SnapshotRow> createWriter(InitContext context) {
        throw new UnsupportedOperationException(
                "Flink 1.20 creates writers with a WriterInitContext");
    }
}
