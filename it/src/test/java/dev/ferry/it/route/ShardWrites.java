package dev.ferry.it.route;

import dev.ferry.it.support.Services;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Upstream transactions across sharded tables ({@code id} INT key, {@code k} INT, {@code note}):
 * each upserts, updates or deletes rows of two to four shards picked at random, with the same ids
 * in every shard, so that keys collide across them.
 */
final class ShardWrites implements AutoCloseable {
    private final List<String> tables;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stopped;

    private final long pauseMs;

    private ShardWrites(List<String> tables, long pauseMs) {
        this.tables = tables;
        this.pauseMs = pauseMs;
    }

    /**
     * @param tables quoted, qualified shard names
     */
    static ShardWrites start(List<String> tables, int threads) {
        return start(tables, threads, Duration.ZERO);
    }

    /**
     * @param tables quoted, qualified shard names
     * @param pause how long each thread waits after each transaction
     */
    static ShardWrites start(List<String> tables, int threads, Duration pause) {
        ShardWrites writes = new ShardWrites(tables, pause.toMillis());
        for (int i = 0; i < threads; i++) {
            long seed = 17L * i + 3;
            Thread thread = new Thread(() -> writes.run(new Random(seed)), "shard-writes-" + i);
            writes.threads.add(thread);
            thread.start();
        }
        return writes;
    }

    long transactions() {
        return transactions.get();
    }

    private void run(Random random) {
        try (Connection connection = Connections.open(Services.upstreamAdmin());
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            while (!stopped) {
                int touched = 2 + random.nextInt(3);
                try {
                    for (int i = 0; i < touched; i++) {
                        String table = tables.get(random.nextInt(tables.size()));
                        int id = 1 + random.nextInt(40);
                        int k = random.nextInt(1000);
                        switch (random.nextInt(5)) {
                            case 0 ->
                                    statement.execute("DELETE FROM " + table + " WHERE id = " + id);
                            case 1 ->
                                    statement.execute(
                                            "UPDATE " + table + " SET k = k + 1 WHERE id = " + id);
                            default ->
                                    statement.execute(
                                            "INSERT INTO "
                                                    + table
                                                    + " (id, k, note) VALUES ("
                                                    + id
                                                    + ", "
                                                    + k
                                                    + ", 'n"
                                                    + k
                                                    + "') ON DUPLICATE KEY UPDATE k = VALUES(k),"
                                                    + " note = VALUES(note)");
                        }
                    }
                    connection.commit();
                    transactions.incrementAndGet();
                    if (pauseMs > 0) {
                        Thread.sleep(pauseMs);
                    }
                } catch (SQLException e) {
                    connection.rollback();
                    if (e.getErrorCode() != 1213 && e.getErrorCode() != 1205) {
                        throw e; // only deadlocks and lock waits are expected
                    }
                }
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread thread : threads) {
            thread.join(30_000);
        }
        if (failure.get() != null) {
            throw new AssertionError("the shard writes failed", failure.get());
        }
    }
}
