package dev.ferry.it.consistency;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The bank of {@link BankWorkload} with both account tables sharded: each of two databases holds a
 * {@code checking} and a {@code savings} shard of {@link BankWorkload#ACCOUNTS} / 2 accounts, ids
 * 1.. in every shard. A transfer takes from a checking account of one shard and gives to a savings
 * account of either shard, in one upstream transaction, so most transfers cross shards.
 */
final class ShardedBankWorkload implements AutoCloseable {
    static final int ACCOUNTS_PER_SHARD = BankWorkload.ACCOUNTS / 2;

    private final List<TestDatabase> shards;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong transfers = new AtomicLong();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile boolean stopped;

    private ShardedBankWorkload(List<TestDatabase> shards) {
        this.shards = shards;
    }

    /** Creates both shards' tables with their opening balances: the bank's total over all. */
    static void open(List<TestDatabase> shards) {
        for (TestDatabase shard : shards) {
            String db = "`" + shard.name() + "`";
            StringBuilder checking = new StringBuilder();
            StringBuilder savings = new StringBuilder();
            for (int i = 1; i <= ACCOUNTS_PER_SHARD; i++) {
                String sep = i == 1 ? "" : ",";
                checking.append(sep)
                        .append("(")
                        .append(i)
                        .append(", 'owner-")
                        .append(i)
                        .append("', ")
                        .append(BankWorkload.OPENING_BALANCE)
                        .append(")");
                savings.append(sep)
                        .append("(")
                        .append(i)
                        .append(", ")
                        .append(BankWorkload.OPENING_BALANCE)
                        .append(")");
            }
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE "
                            + db
                            + ".checking (id INT PRIMARY KEY,"
                            + " owner VARCHAR(40) NOT NULL, balance BIGINT NOT NULL,"
                            + " UNIQUE KEY uk_owner (owner))",
                    "CREATE TABLE " + db + ".savings (id INT PRIMARY KEY, balance BIGINT NOT NULL)",
                    "INSERT INTO " + db + ".checking VALUES " + checking,
                    "INSERT INTO " + db + ".savings VALUES " + savings);
        }
    }

    static ShardedBankWorkload start(List<TestDatabase> shards, int threads) {
        ShardedBankWorkload workload = new ShardedBankWorkload(shards);
        for (int i = 0; i < threads; i++) {
            long seed = 29L * i + 5;
            Thread thread =
                    new Thread(() -> workload.run(new Random(seed)), "sharded-transfers-" + i);
            workload.threads.add(thread);
            thread.start();
        }
        return workload;
    }

    long transfers() {
        return transfers.get();
    }

    private void run(Random random) {
        try (Connection connection = Connections.open(Services.upstreamAdmin())) {
            connection.setAutoCommit(false);
            List<PreparedStatement> checking = new ArrayList<>();
            List<PreparedStatement> savings = new ArrayList<>();
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
            while (!stopped) {
                long amount = 1 + random.nextInt(50);
                long sign = random.nextBoolean() ? 1 : -1;
                try {
                    PreparedStatement from = checking.get(random.nextInt(shards.size()));
                    from.setLong(1, -sign * amount);
                    from.setInt(2, 1 + random.nextInt(ACCOUNTS_PER_SHARD));
                    from.executeUpdate();
                    PreparedStatement to = savings.get(random.nextInt(shards.size()));
                    to.setLong(1, sign * amount);
                    to.setInt(2, 1 + random.nextInt(ACCOUNTS_PER_SHARD));
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
            throw new AssertionError("the sharded transfer workload failed", failure.get());
        }
    }
}
