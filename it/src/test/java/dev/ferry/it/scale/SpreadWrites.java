package dev.ferry.it.scale;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Upstream transactions spread over many tables: each upserts or deletes rows of two to six tables
 * picked at random, so merged downstream commits touch many tables (and, with a topic per table, a
 * change topic per table).
 */
final class SpreadWrites implements AutoCloseable {
    private final TestDatabase db;
    private final int tables;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stopped;

    private SpreadWrites(TestDatabase db, int tables) {
        this.db = db;
        this.tables = tables;
    }

    static SpreadWrites start(TestDatabase db, int tables, int threads) {
        SpreadWrites writes = new SpreadWrites(db, tables);
        for (int i = 0; i < threads; i++) {
            Thread thread = new Thread(writes::run, "spread-writes-" + i);
            thread.setDaemon(true);
            writes.threads.add(thread);
            thread.start();
        }
        return writes;
    }

    private void run() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        try (Connection connection = Connections.open(Services.upstreamAdmin());
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            while (!stopped) {
                int touched = 2 + random.nextInt(5);
                try {
                    for (int i = 0; i < touched; i++) {
                        String table =
                                "`"
                                        + db.name()
                                        + "`.`"
                                        + ManyTables.table(random.nextInt(tables))
                                        + "`";
                        int id = 1 + random.nextInt(30);
                        if (random.nextInt(10) == 0) {
                            statement.execute("DELETE FROM " + table + " WHERE id = " + id);
                        } else {
                            statement.execute(
                                    "INSERT INTO "
                                            + table
                                            + " (id, v, note) VALUES ("
                                            + id
                                            + ", 1, 'new') ON DUPLICATE KEY UPDATE v = v + 1,"
                                            + " note = 'updated'");
                        }
                    }
                    connection.commit();
                    transactions.incrementAndGet();
                } catch (SQLException e) {
                    connection.rollback();
                    if (e.getErrorCode() != 1213 && e.getErrorCode() != 1205) {
                        throw e; // only deadlocks and lock waits are expected: rows in random order
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            failure.compareAndSet(null, e);
        }
    }

    long transactions() {
        return transactions.get();
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.join(30_000);
        }
        if (failure.get() != null) {
            throw new IllegalStateException("the upstream workload failed", failure.get());
        }
    }
}
