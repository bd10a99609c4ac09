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
 * transfer counts as a violation. A poll that an ALTER TABLE refuses ("please retry transaction")
 * is retried, as a reader would.
 *
 * <p>On TiDB a broken total is read again at the poll's own timestamp ({@code tidb_snapshot}) once
 * the poll is over. The test TiDB keeps its data in unistore, whose snapshot reads now and then mix
 * versions while transactions commit: a plain two-table TiDB workload without ferry shows the same
 * (about 1 poll in 300 to 3,000, with or without async commit). The re-read sees what was committed
 * at that timestamp, which is what ferry's atomicity is about: a total still broken there is a
 * violation; one that is whole there is counted apart as the store's read anomaly.
 *
 * <p>A downstream that goes away (a fault test stops it) is not a violation: the checker counts the
 * polls that found it unreachable and reconnects.
 */
final class BalanceChecker implements AutoCloseable {
    private final String database;
    private final boolean tidb;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong violations = new AtomicLong();
    private final AtomicLong storeReadAnomalies = new AtomicLong();
    private final AtomicLong unreachable = new AtomicLong();
    private final AtomicReference<String> firstViolation = new AtomicReference<>();
    private final Thread thread;

    private BalanceChecker(String database, boolean tidb) {
        this.database = database;
        this.tidb = tidb;
        this.thread = new Thread(this::run, "balance-checker");
    }

    static BalanceChecker start(String database) {
        BalanceChecker checker = new BalanceChecker(database, Services.downstream().tidb());
        checker.thread.start();
        return checker;
    }

    long polls() {
        return polls.get();
    }

    long violations() {
        return violations.get();
    }

    /** Broken totals on TiDB that were whole when read again at the same timestamp. */
    long storeReadAnomalies() {
        return storeReadAnomalies.get();
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
        try (Connection connection = Connections.open(Services.downstreamAdmin());
                Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            while (running.get()) {
                long total;
                long readTimestamp = 0;
                try {
                    total = sumBalances(statement);
                    if (tidb) {
                        readTimestamp = queryLong(statement, "SELECT @@tidb_current_ts");
                    }
                    connection.commit();
                } catch (SQLException e) {
                    if (!tableChangedUnderTheSnapshot(e)) {
                        throw e;
                    }
                    connection.rollback(); // a reader retries such a read, as the error says
                    continue;
                }
                polls.incrementAndGet();
                if (total == BankWorkload.TOTAL) {
                    continue;
                }
                if (tidb && wholeAtItsTimestamp(connection, statement, readTimestamp)) {
                    storeReadAnomalies.incrementAndGet();
                    continue;
                }
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

    private long sumBalances(Statement statement) throws SQLException {
        String db = "`" + database + "`";
        return queryLong(statement, "SELECT SUM(balance) FROM " + db + ".checking")
                + queryLong(statement, "SELECT SUM(balance) FROM " + db + ".savings");
    }

    /** Reads both tables again as of {@code timestamp}, after the poll's transaction ended. */
    private boolean wholeAtItsTimestamp(Connection connection, Statement statement, long timestamp)
            throws SQLException {
        statement.execute("SET @@tidb_snapshot = '" + timestamp + "'");
        try {
            long total = sumBalances(statement);
            connection.commit();
            return total == BankWorkload.TOTAL;
        } finally {
            statement.execute("SET @@tidb_snapshot = ''");
        }
    }

    private static long queryLong(Statement statement, String sql) throws SQLException {
        try (ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    /**
     * An ALTER TABLE replicated after the read's snapshot began: MariaDB refuses the read with
     * "Table definition has changed, please retry transaction" (1412), TiDB with "Information
     * schema is changed" (8028). Neither is a total the reader saw.
     */
    private static boolean tableChangedUnderTheSnapshot(SQLException e) {
        return e.getErrorCode() == 1412 || e.getErrorCode() == 8028;
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        thread.join(10_000);
    }
}
