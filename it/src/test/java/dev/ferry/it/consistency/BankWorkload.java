package dev.ferry.it.consistency;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Concurrent transfers between accounts kept in two tables, {@code checking} and {@code savings}:
 * each transfer is one upstream transaction that takes an amount from a row of one table and adds
 * it to a row of the other, so the total balance over both tables never changes. A lost upstream
 * connection (a fault test restarts the server) is waited out: the workload reconnects.
 */
final class BankWorkload implements AutoCloseable {
    static final int ACCOUNTS = 200;
    static final long OPENING_BALANCE = 1_000;
    static final long TOTAL = 2 * ACCOUNTS * OPENING_BALANCE;

    private final List<TestDatabase> shards;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong transfers = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();

    private BankWorkload(List<TestDatabase> shards) {
        this.shards = shards;
    }

    /** Creates both tables with their opening balances. */
    static void open(TestDatabase database) {
        open(List.of(database));
    }

    /**
     * The bank sharded: each database holds a {@code checking} and a {@code savings} shard of
     * {@link #ACCOUNTS} / shards accounts, ids 1.. in every shard, so the total over all shards is
     * {@link #TOTAL}.
     */
    static void open(List<TestDatabase> shards) {
        int accounts = accountsPerShard(shards);
        for (TestDatabase shard : shards) {
            String db = "`" + shard.name() + "`";
            StringBuilder checking = new StringBuilder();
            StringBuilder savings = new StringBuilder();
            for (int i = 1; i <= accounts; i++) {
                String sep = i == 1 ? "" : ",";
                checking.append(sep)
                        .append("(")
                        .append(i)
                        .append(", 'owner-")
                        .append(i)
                        .append("', ")
                        .append(OPENING_BALANCE)
                        .append(")");
                savings.append(sep)
                        .append("(")
                        .append(i)
                        .append(", ")
                        .append(OPENING_BALANCE)
                        .append(")");
            }
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE "
                            + db
                            + ".checking (id INT PRIMARY KEY, owner VARCHAR(40) NOT NULL,"
                            + " balance BIGINT NOT NULL, UNIQUE KEY uk_owner (owner))",
                    "CREATE TABLE " + db + ".savings (id INT PRIMARY KEY, balance BIGINT NOT NULL)",
                    "INSERT INTO " + db + ".checking VALUES " + checking,
                    "INSERT INTO " + db + ".savings VALUES " + savings);
        }
    }

    static BankWorkload start(TestDatabase database, int threads) {
        return start(List.of(database), threads);
    }

    /**
     * Transfers over sharded tables: each takes from a checking account of one shard and gives to a
     * savings account of any shard, in one upstream transaction, so most cross shards.
     */
    static BankWorkload start(List<TestDatabase> shards, int threads) {
        BankWorkload workload = new BankWorkload(shards);
        for (int i = 0; i < threads; i++) {
            long seed = 31L * i + 7;
            Thread thread = new Thread(() -> workload.run(new Random(seed)), "transfers-" + i);
            workload.threads.add(thread);
            thread.start();
        }
        return workload;
    }

    private static int accountsPerShard(List<TestDatabase> shards) {
        return ACCOUNTS / shards.size();
    }

    long transfers() {
        return transfers.get();
    }

    private void run(Random random) {
        while (running.get()) {
            try {
                transfer(random);
            } catch (Throwable t) {
                if (!Sql.lostConnection(t)) {
                    failure.compareAndSet(null, t);
                    return;
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Transfers on one connection until stopped or the connection fails. */
    private void transfer(Random random) throws SQLException {
        int accounts = accountsPerShard(shards);
        List<PreparedStatement> checking = new ArrayList<>();
        List<PreparedStatement> savings = new ArrayList<>();
        try (Connection connection = Connections.open(Services.upstreamAdmin())) {
            for (TestDatabase shard : shards) {
                String db = "`" + shard.name() + "`";
                checking.add(
                        connection.prepareStatement(
                                "UPDATE "
                                        + db
                                        + ".checking SET balance = balance + ? WHERE id = ?"));
                savings.add(
                        connection.prepareStatement(
                                "UPDATE "
                                        + db
                                        + ".savings SET balance = balance + ? WHERE id = ?"));
            }
            connection.setAutoCommit(false);
            while (running.get()) {
                long amount = 1 + random.nextInt(50);
                long sign = random.nextBoolean() ? 1 : -1;
                try {
                    PreparedStatement from = checking.get(random.nextInt(shards.size()));
                    from.setLong(1, -sign * amount);
                    from.setInt(2, 1 + random.nextInt(accounts));
                    from.executeUpdate();
                    PreparedStatement to = savings.get(random.nextInt(shards.size()));
                    to.setLong(1, sign * amount);
                    to.setInt(2, 1 + random.nextInt(accounts));
                    to.executeUpdate();
                    connection.commit();
                    transfers.incrementAndGet();
                } catch (SQLException e) {
                    connection.rollback();
                    if (e.getErrorCode() != 1213 && e.getErrorCode() != 1205) {
                        throw e; // only deadlocks and lock waits are part of the game
                    }
                }
            }
        }
    }

    @Override
    public void close() {
        running.set(false);
        for (Thread thread : threads) {
            try {
                thread.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("the transfer workload failed", failure.get());
        }
    }

    /** Waits until the downstream holds the opening balances: both tables, the bank's total. */
    static void awaitOpeningBalances(TestDatabase db, RunningJobs jobs) {
        String total =
                "SELECT (SELECT SUM(balance) FROM `"
                        + db.name()
                        + "`.checking) + (SELECT SUM(balance) FROM `"
                        + db.name()
                        + "`.savings)";
        Await.until(
                "the opening balances downstream",
                Duration.ofMinutes(2),
                () -> {
                    jobs.assertRunning();
                    try {
                        return Sql.queryLong(Services.downstreamAdmin(), total) == TOTAL;
                    } catch (RuntimeException tablesNotThereYet) {
                        return false;
                    }
                });
    }
}
