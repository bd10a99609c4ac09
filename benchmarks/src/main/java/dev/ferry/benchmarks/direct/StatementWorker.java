package dev.ferry.benchmarks.direct;

import com.mysql.cj.jdbc.JdbcConnection;
import dev.ferry.apply.statement.StatementBuilder;
import dev.ferry.envelope.TableId;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One downstream connection and the thread that writes through it: takes batches from a short queue
 * (a full queue holds the snapshot reader back) and writes each as one autocommitted multi-row
 * upsert, as myloader and the ceiling loader do. A full batch's statement is prepared on the server
 * once per table and reused; the short rest of a table at the end goes as text.
 */
final class StatementWorker implements AutoCloseable {
    /** The MySQL protocol counts a prepared statement's parameters in two bytes. */
    static final int MAX_PLACEHOLDERS = 65_535;

    private static final StatementBatches.Batch STOP =
            new StatementBatches.Batch(TableId.of("-", "-"), List.of(), List.of());

    private final Connection connection;
    private final BlockingQueue<StatementBatches.Batch> queue = new ArrayBlockingQueue<>(2);
    private final Map<TableId, Map<Integer, PreparedStatement>> prepared = new HashMap<>();
    private final AtomicReference<Throwable> failure;
    private final Thread thread;
    private final Object idleLock = new Object();
    private long submitted;
    private long done;
    private long rows;

    /**
     * @param failure the first failure of any worker of the writer (reported by the writer)
     */
    StatementWorker(DatabaseEndpoint downstream, String name, AtomicReference<Throwable> failure)
            throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("useServerPrepStmts", "true");
        properties.setProperty("prepStmtCacheSize", "16");
        this.connection = Connections.reopen(downstream, properties);
        connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        connection.setAutoCommit(true);
        this.failure = failure;
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Queues a batch; waits while the queue is full, unless a worker has failed. */
    void submit(StatementBatches.Batch batch) throws InterruptedException {
        synchronized (idleLock) {
            submitted++;
        }
        while (!queue.offer(batch, 100, TimeUnit.MILLISECONDS)) {
            if (failure.get() != null) {
                return; // the writer reports it
            }
        }
    }

    /** Waits until every submitted batch is written (or a worker failed). */
    void awaitIdle() throws InterruptedException {
        synchronized (idleLock) {
            while (done < submitted && failure.get() == null) {
                idleLock.wait(100);
            }
        }
    }

    long rows() {
        synchronized (idleLock) {
            return rows;
        }
    }

    private void run() {
        try {
            while (true) {
                StatementBatches.Batch batch = queue.take();
                if (batch == STOP) {
                    return;
                }
                write(batch);
                synchronized (idleLock) {
                    done++;
                    rows += batch.rows().size();
                    idleLock.notifyAll();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable e) {
            failure.compareAndSet(null, e);
            synchronized (idleLock) {
                idleLock.notifyAll();
            }
        }
    }

    private void write(StatementBatches.Batch batch) throws SQLException {
        int columns = batch.columns().size();
        int most = Math.max(1, MAX_PLACEHOLDERS / Math.max(1, columns));
        List<Object[]> rows = batch.rows();
        for (int from = 0; from < rows.size(); from += most) {
            List<Object[]> piece = rows.subList(from, Math.min(rows.size(), from + most));
            execute(batch, piece);
        }
    }

    private void execute(StatementBatches.Batch batch, List<Object[]> rows) throws SQLException {
        boolean full = rows.size() >= MIN_SERVER_PREPARED_ROWS;
        PreparedStatement statement =
                full
                        ? prepared.computeIfAbsent(batch.table(), t -> new HashMap<>())
                                .get(rows.size())
                        : null;
        if (full && statement == null) {
            statement =
                    connection.prepareStatement(
                            StatementBuilder.upsert(batch.table(), batch.columns(), rows.size()));
            prepared.get(batch.table()).put(rows.size(), statement);
        }
        PreparedStatement text =
                full
                        ? null
                        : connection
                                .unwrap(JdbcConnection.class)
                                .clientPrepareStatement(
                                        StatementBuilder.upsert(
                                                batch.table(), batch.columns(), rows.size()));
        PreparedStatement target = full ? statement : text;
        try {
            int index = 1;
            for (Object[] row : rows) {
                for (Object value : row) {
                    target.setObject(index++, value);
                }
            }
            target.executeUpdate();
        } finally {
            if (text != null) {
                text.close();
            }
        }
    }

    /**
     * Below this many rows a statement is the rest of a table: sent as text rather than leaving a
     * one-off shape prepared on the server.
     */
    static final int MIN_SERVER_PREPARED_ROWS = 32;

    @Override
    public void close() throws Exception {
        queue.clear();
        queue.offer(STOP);
        thread.join(10_000);
        for (Map<Integer, PreparedStatement> statements : prepared.values()) {
            for (PreparedStatement statement : statements.values()) {
                statement.close();
            }
        }
        connection.close();
    }
}
