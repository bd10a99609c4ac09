package dev.ferry.it.route;

import dev.ferry.it.support.Services;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Writes to the column {@code extra} of the shards that have it already (each added by {@link #add}
 * once its ALTER ran), beside {@link ShardWrites}: upserts and updates of one shard at a time.
 */
final class AlteredShardWrites implements AutoCloseable {
    private final List<String> altered = new CopyOnWriteArrayList<>();
    private final AtomicLong writes = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean stopped;

    private AlteredShardWrites() {
        thread = new Thread(() -> run(new Random(41)), "altered-shard-writes");
    }

    static AlteredShardWrites start() {
        AlteredShardWrites writes = new AlteredShardWrites();
        writes.thread.start();
        return writes;
    }

    /** A shard that has the column now. */
    void add(String table) {
        altered.add(table);
    }

    long writes() {
        return writes.get();
    }

    private void run(Random random) {
        try (Connection connection = Connections.open(Services.upstreamAdmin());
                Statement statement = connection.createStatement()) {
            while (!stopped) {
                if (altered.isEmpty()) {
                    Thread.sleep(50);
                    continue;
                }
                String table = altered.get(random.nextInt(altered.size()));
                int id = 1 + random.nextInt(40);
                int extra = random.nextInt(1000);
                try {
                    if (random.nextBoolean()) {
                        statement.execute(
                                "INSERT INTO "
                                        + table
                                        + " (id, k, note, extra) VALUES ("
                                        + id
                                        + ", 0, 'x', "
                                        + extra
                                        + ") ON DUPLICATE KEY UPDATE extra = VALUES(extra)");
                    } else {
                        statement.execute(
                                "UPDATE " + table + " SET extra = extra + 1 WHERE id = " + id);
                    }
                    writes.incrementAndGet();
                } catch (SQLException e) {
                    if (e.getErrorCode() != 1213 && e.getErrorCode() != 1205) {
                        throw e; // only deadlocks and lock waits are expected
                    }
                }
                Thread.sleep(20);
            }
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.join(30_000);
        if (failure.get() != null) {
            throw new AssertionError("the writes to the altered shards failed", failure.get());
        }
    }
}
