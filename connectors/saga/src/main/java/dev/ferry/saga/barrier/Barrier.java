package dev.ferry.saga.barrier;

import dev.ferry.jdbc.SqlResource;
import dev.ferry.saga.model.Operation;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;

/**
 * The participant-side sub-transaction barrier (DTM's semantics) that a service embeds around its
 * branch logic. Inside one local transaction it records (global id, branch id, operation) first and
 * runs the business logic only when that record is new; a compensation first records the action's
 * row, so that:
 *
 * <ul>
 *   <li>a repeated call does nothing (idempotent retries);
 *   <li>a compensation whose action never ran does nothing (null compensation);
 *   <li>an action arriving after its compensation does nothing (no hanging action).
 * </ul>
 *
 * <pre>{@code
 * Barrier barrier = Barrier.inTable("bank.saga_barrier");
 * boolean ran = barrier.run(connection, gid, branchId, Operation.ACTION, tx -> {
 *     try (PreparedStatement debit = tx.prepareStatement(DEBIT)) { ... }
 * });
 * }</pre>
 */
public final class Barrier {
    private static final Pattern QUALIFIED_NAME =
            Pattern.compile("[A-Za-z0-9_$]+(\\.[A-Za-z0-9_$]+)?");

    private final String table;
    private final String insert;

    private Barrier(String table) {
        this.table = table;
        this.insert =
                SqlResource.load(Barrier.class, "barrier-insert.sql").replace("{table}", table);
    }

    /** A barrier kept in {@code table} ("database.table", or "table" in the current database). */
    public static Barrier inTable(String table) {
        if (!QUALIFIED_NAME.matcher(table).matches()) {
            throw new IllegalArgumentException(
                    "barrier table must be 'database.table' of letters, digits and _: " + table);
        }
        return new Barrier(table);
    }

    public String table() {
        return table;
    }

    /** Creates the barrier table (and its database) when missing. */
    public void createTable(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            int dot = table.indexOf('.');
            if (dot > 0) {
                statement.execute(
                        SqlResource.load(Barrier.class, "create-database.sql")
                                .replace("{database}", table.substring(0, dot)));
            }
            statement.execute(
                    SqlResource.load(Barrier.class, "barrier-table.sql").replace("{table}", table));
        }
    }

    /**
     * Runs {@code logic} behind the barrier in one local transaction of {@code connection}, which
     * it commits (or rolls back when anything throws). Returns whether the logic ran; false means a
     * duplicate, a null compensation, or an action after its compensation, all of which count as
     * success for the coordinator.
     */
    public boolean run(
            Connection connection,
            String gid,
            String branchId,
            Operation operation,
            BranchLogic logic)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        if (autoCommit) {
            connection.setAutoCommit(false);
        }
        try {
            boolean ran = runInTransaction(connection, gid, branchId, operation, logic);
            connection.commit();
            return ran;
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(connection, e);
            throw e;
        } finally {
            if (autoCommit) {
                connection.setAutoCommit(true);
            }
        }
    }

    /**
     * The barrier inside a transaction the caller opened and will commit: for a service that
     * already manages its own transaction.
     */
    public boolean runInTransaction(
            Connection connection,
            String gid,
            String branchId,
            Operation operation,
            BranchLogic logic)
            throws SQLException {
        try (PreparedStatement record = connection.prepareStatement(insert)) {
            if (operation == Operation.COMPENSATION) {
                // Take the action's place first: if it was free, the action never ran (null
                // compensation) and now never will (a late action finds its row taken).
                boolean actionNeverRan =
                        insert(record, gid, branchId, Operation.ACTION, operation) == 1;
                boolean firstCompensation =
                        insert(record, gid, branchId, operation, operation) == 1;
                if (actionNeverRan || !firstCompensation) {
                    return false;
                }
            } else if (insert(record, gid, branchId, operation, operation) == 0) {
                return false;
            }
        }
        logic.run(connection);
        return true;
    }

    private static int insert(
            PreparedStatement record, String gid, String branchId, Operation op, Operation reason)
            throws SQLException {
        record.setString(1, gid);
        record.setString(2, branchId);
        record.setString(3, op.label());
        record.setString(4, reason.label());
        return record.executeUpdate();
    }

    private static void rollbackQuietly(Connection connection, Exception cause) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }

    /** A branch's business logic, run in the barrier's transaction. */
    @FunctionalInterface
    public interface BranchLogic {
        void run(Connection transaction) throws SQLException;
    }
}
