package dev.ferry.it.consistency;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Polls the downstream as a reader would: one read-only transaction (one snapshot) sums the
 * balances of both tables, and every poll must find the bank's total. A poll that sees half of a
 * transfer counts as a violation. One statement with a scalar subquery per table read two snapshots
 * on the test TiDB (v8.5.3, unistore): broken totals that no transaction read ever saw.
 *
 * <p>A downstream that goes away (a fault test stops it) is not a violation: the checker counts the
 * polls that found it unreachable and reconnects.
 */
final class BalanceChecker implements AutoCloseable {
    private final String database;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong violations = new AtomicLong();
    private final AtomicLong unreachable = new AtomicLong();
    private final AtomicReference<String> firstViolation = new AtomicReference<>();
    private final Thread thread;

    private BalanceChecker(String database) {
        this.database = database;
        this.thread = new Thread(this::run, "balance-checker");
    }

    static BalanceChecker start(String database) {
        BalanceChecker checker = new BalanceChecker(database);
        checker.thread.start();
        return checker;
    }

    long polls() {
        return polls.get();
    }

    long violations() {
        return violations.get();
    }

    /** Polls that could not reach the downstream. */
    long unreachable() {
        return unreachable.get();
    }

    String firstViolation() {
        return firstViolation.get();
    }

    private void run() {
        while (running.get()) {
            try {
                poll();
            } catch (SQLException | RuntimeException e) {
                if (!Sql.lostConnection(e)) {
                    firstViolation.compareAndSet(null, "the checker failed: " + e.getMessage());
                    violations.incrementAndGet();
                    return;
                }
                unreachable.incrementAndGet();
                try {
                    Thread.sleep(200);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    /** Polls on one connection until stopped or the connection fails. */
    private void poll() throws SQLException {
        String db = "`" + database + "`";
        try (Connection connection = Connections.open(Services.downstreamAdmin());
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            while (running.get()) {
                long total = 0;
                for (String table : new String[] {"checking", "savings"}) {
                    try (ResultSet rows =
                            statement.executeQuery(
                                    "SELECT SUM(balance) FROM " + db + "." + table)) {
                        rows.next();
                        total += rows.getLong(1);
                    }
                }
                connection.commit();
                polls.incrementAndGet();
                if (total != BankWorkload.TOTAL) {
                    violations.incrementAndGet();
                    firstViolation.compareAndSet(
                            null,
                            "poll "
                                    + polls.get()
                                    + " at "
                                    + java.time.LocalTime.now()
                                    + " saw a total of "
                                    + total);
                }
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.join(10_000);
    }
}
