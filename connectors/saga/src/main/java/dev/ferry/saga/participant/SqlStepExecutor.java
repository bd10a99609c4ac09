package dev.ferry.saga.participant;

import dev.ferry.saga.barrier.Barrier;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Runs a SQL step's statements in one local transaction of its participant database, behind the
 * barrier when the saga asks for it.
 */
public final class SqlStepExecutor {
    private final Barrier barrier;

    public SqlStepExecutor(Barrier barrier) {
        this.barrier = barrier;
    }

    /**
     * Runs {@code call} on {@code connection}, which must not be in auto-commit mode; SQL failures
     * are answers, not exceptions.
     */
    public StepResult execute(Connection connection, StepCall call) {
        try {
            if (call.barrier) {
                barrier.run(
                        connection, call.gid, call.branchId, call.operation, tx -> run(tx, call));
            } else if (call.statements.length > 0) {
                try {
                    run(connection, call);
                    connection.commit();
                } catch (SQLException | RuntimeException e) {
                    rollbackQuietly(connection);
                    throw e;
                }
            }
            return call.succeeded();
        } catch (SQLException e) {
            String message = SqlErrors.describe(e);
            return SqlErrors.isTransient(e) ? call.retryable(message) : call.failed(message);
        }
    }

    /** Whether a failure may have broken the connection, so that it should be replaced. */
    static boolean breaksConnection(StepResult result) {
        return result.kind == StepResult.Kind.RETRYABLE;
    }

    private static void run(Connection transaction, StepCall call) throws SQLException {
        try (Statement statement = transaction.createStatement()) {
            for (String sql : call.statements) {
                statement.execute(sql);
            }
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is broken; the pool replaces it
        }
    }
}
