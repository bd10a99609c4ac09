package dev.ferry.it.schema;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Inserts, updates and deletes rows of one table ({@code id} primary key, {@code k} INT) in small
 * transactions until closed, touching no other column, so that it runs on across DDL statements on
 * the table's other columns. Tolerates the moments a DDL makes it wait or a TRUNCATE empties it.
 */
final class RowChurn implements AutoCloseable {
    private final String table;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong transactions = new AtomicLong();
    private final Thread thread;
    private volatile Throwable failure;

    private final int firstId;

    private RowChurn(String table, long seed, int firstId) {
        this.table = table;
        this.firstId = firstId;
        this.thread = new Thread(() -> run(new Random(seed)), "row-churn-" + table);
    }

    /** Starts churning {@code table} (quoted, qualified), inserting ids from {@code firstId}. */
    static RowChurn start(String table, long seed, int firstId) {
        RowChurn churn = new RowChurn(table, seed, firstId);
        churn.thread.start();
        return churn;
    }

    long transactions() {
        return transactions.get();
    }

    private void run(Random random) {
        int nextId = firstId;
        try (Connection connection = Connections.open(Services.upstreamAdmin())) {
            connection.setAutoCommit(false);
            while (running.get()) {
                switch (random.nextInt(4)) {
                    case 0, 1 ->
                            Sql.update(
                                    connection,
                                    "INSERT INTO " + table + " (id, k) VALUES (?, ?)",
                                    nextId++,
                                    random.nextInt(100));
                    case 2 ->
                            Sql.update(
                                    connection,
                                    "UPDATE " + table + " SET k = k + 1 WHERE id = ?",
                                    nextId - 1 - random.nextInt(20));
                    default ->
                            Sql.update(
                                    connection,
                                    "DELETE FROM " + table + " WHERE id = ?",
                                    nextId - 1 - random.nextInt(40));
                }
                connection.commit();
                transactions.incrementAndGet();
                Thread.sleep(2);
            }
        } catch (Throwable e) {
            failure = e;
        }
    }

    /** Waits until it made {@code more} further transactions. */
    void awaitMore(long more) throws InterruptedException {
        long target = transactions() + more;
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (transactions() < target && failure == null && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        if (failure != null) {
            throw new AssertionError("row churn failed: " + failure.getMessage(), failure);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.join(30_000);
        if (failure != null) {
            throw new AssertionError("row churn failed: " + failure.getMessage(), failure);
        }
    }
}
