package dev.ferry.benchmarks.direct;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.api.connector.sink2.SinkWriter;

/**
 * One subtask's writer: the task thread only gathers rows into statement batches ({@link
 * StatementBatches}); full batches go round-robin to the {@link StatementWorker}s, whose threads
 * bind and send them, so the snapshot read and the downstream writes overlap. A flush (end of
 * input, or a checkpoint) sends the rest and waits until everything sent is written.
 */
final class WideUpsertWriter implements SinkWriter<SnapshotRow> {
    private final StatementBatches batches;
    private final List<StatementWorker> workers = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private int next;

    WideUpsertWriter(
            DatabaseEndpoint downstream, int rowsPerStatement, int connections, String name)
            throws SQLException {
        this.batches = new StatementBatches(rowsPerStatement);
        for (int i = 0; i < connections; i++) {
            workers.add(new StatementWorker(downstream, name + "-" + i, failure));
        }
    }

    @Override
    public void write(SnapshotRow row, Context context) throws IOException, InterruptedException {
        StatementBatches.Batch batch = batches.add(row);
        if (batch != null) {
            send(batch);
        }
    }

    @Override
    public void flush(boolean endOfInput) throws IOException, InterruptedException {
        for (StatementBatches.Batch batch : batches.drain()) {
            send(batch);
        }
        for (StatementWorker worker : workers) {
            worker.awaitIdle();
        }
        checkFailure();
    }

    private void send(StatementBatches.Batch batch) throws IOException, InterruptedException {
        checkFailure();
        workers.get(next).submit(batch);
        next = (next + 1) % workers.size();
    }

    private void checkFailure() throws IOException {
        Throwable failed = failure.get();
        if (failed != null) {
            throw new IOException("a downstream write failed: " + failed.getMessage(), failed);
        }
    }

    @Override
    public void close() throws Exception {
        for (StatementWorker worker : workers) {
            worker.close();
        }
    }
}
