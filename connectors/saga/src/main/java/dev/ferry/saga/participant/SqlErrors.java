package dev.ferry.saga.participant;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.util.Set;

/** Sorts SQL failures into "the participant refused" and "try again". */
final class SqlErrors {
    /** Lock wait timeout, deadlock, server gone away, lost connection, query interrupted. */
    private static final Set<Integer> TRANSIENT_CODES = Set.of(1205, 1213, 2006, 2013, 1317);

    private SqlErrors() {}

    /**
     * True when retrying may succeed: connection trouble (SQLState 08), deadlocks and lock waits.
     * Constraint violations, SIGNALs, syntax and data errors are the business saying no.
     */
    static boolean isTransient(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return e instanceof SQLTransientException
                || e instanceof SQLRecoverableException
                || state.startsWith("08")
                || state.equals("40001")
                || TRANSIENT_CODES.contains(e.getErrorCode());
    }

    static String describe(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return (newline < 0 ? message : message.substring(0, newline))
                + (e.getSQLState() == null ? "" : " (SQLState " + e.getSQLState() + ")");
    }
}
