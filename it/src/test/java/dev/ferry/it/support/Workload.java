package dev.ferry.it.support;

import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Concurrent inserts, updates and deletes on the sample tables, in small upstream transactions,
 * including rows inserted and deleted within moments and primary-key moves. Runs until closed.
 */
public final class Workload implements AutoCloseable {
    private final TestDatabase database;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong transactions = new AtomicLong();
    private final Thread thread;
    private volatile Throwable failure;

    private Workload(TestDatabase database, long seed) {
        this.database = database;
        this.thread = new Thread(() -> run(new Random(seed)), "workload-" + database.name());
    }

    public static Workload start(TestDatabase database, long seed) {
        Workload workload = new Workload(database, seed);
        workload.thread.start();
        return workload;
    }

    public long transactions() {
        return transactions.get();
    }

    private void run(Random random) {
        String db = "`" + database.name() + "`";
        int nextId = 10_000_000;
        try (Connection connection = Connections.open(Services.upstreamAdmin())) {
            connection.setAutoCommit(false);
            while (running.get()) {
                int id = nextId++;
                switch (random.nextInt(6)) {
                    case 0 ->
                            Sql.update(
                                    connection,
                                    "UPDATE " + db + ".sbtest SET k = k + 1, c = ? WHERE id = ?",
                                    "u" + id,
                                    1 + random.nextInt(1000));
                    case 1 ->
                            Sql.update(
                                    connection,
                                    "INSERT INTO "
                                            + db
                                            + ".sbtest (id, k, c, pad) VALUES (?, 7, ?, 'new')",
                                    id,
                                    "ins-" + id);
                    case 2 -> {
                        // inserted then deleted in the same transaction and in the next one
                        Sql.update(
                                connection,
                                "INSERT INTO "
                                        + db
                                        + ".sbtest (id, k, c, pad) VALUES (?, 1, 'gone', 'gone')",
                                id);
                        Sql.update(connection, "DELETE FROM " + db + ".sbtest WHERE id = ?", id);
                        Sql.update(
                                connection,
                                "DELETE FROM " + db + ".sbtest WHERE id = ?",
                                1 + random.nextInt(1000));
                    }
                    case 3 ->
                            Sql.update(
                                    connection,
                                    "UPDATE "
                                            + db
                                            + ".awkward SET price = price + 1, happened = NOW(6), doc = JSON_OBJECT('n', ?) WHERE id IN (1, 2)",
                                    id);
                    case 4 ->
                            Sql.update(
                                    connection,
                                    "INSERT INTO "
                                            + db
                                            + ".awkward (id, big, name, data, mood) VALUES (?, ?, ?, UNHEX('C0FFEE'), 'meh')",
                                    id,
                                    Long.MAX_VALUE,
                                    "row ✓ " + id);
                    default -> {
                        // primary-key move and a composite-key delete
                        Sql.update(
                                connection,
                                "UPDATE "
                                        + db
                                        + ".order_lines SET line_no = line_no + 100 WHERE order_id = ? AND line_no < 5",
                                1000 + random.nextInt(200));
                        Sql.update(
                                connection,
                                "DELETE FROM "
                                        + db
                                        + ".order_lines WHERE order_id = ? AND line_no = 0",
                                1000 + random.nextInt(200));
                    }
                }
                connection.commit();
                transactions.incrementAndGet();
            }
        } catch (Throwable e) {
            failure = e;
        }
    }

    /** Stops the workload; fails if it hit an error. */
    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.join(30_000);
        if (failure != null) {
            throw new AssertionError("upstream workload failed: " + failure.getMessage(), failure);
        }
    }
}
