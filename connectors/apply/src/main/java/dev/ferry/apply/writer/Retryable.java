package dev.ferry.apply.writer;

import java.sql.SQLException;
import java.util.Set;

/** Which downstream failures are worth a retry: lost connections, deadlocks, write conflicts. */
public final class Retryable {
    /**
     * 1205 lock wait timeout, 1213 deadlock, 8002/9007 TiDB write conflicts, 8028 schema changed.
     */
    private static final Set<Integer> CODES = Set.of(1205, 1213, 8002, 8028, 9007);

    private Retryable() {}

    public static boolean isRetryable(SQLException e) {
        String state = e.getSQLState();
        return CODES.contains(e.getErrorCode()) || (state != null && state.startsWith("08"));
    }
}
