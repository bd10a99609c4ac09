package dev.ferry.benchmarks.run;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The global status counters a report reads from a server (statements, commits, bytes, InnoDB rows,
 * handler commits), and how much they grew between two snapshots.
 */
public final class StatusCounters {
    static final List<String> NAMES =
            List.of(
                    "Questions",
                    "Queries",
                    "Com_insert",
                    "Com_update",
                    "Com_delete",
                    "Com_commit",
                    "Com_begin",
                    "Com_rollback",
                    "Bytes_received",
                    "Bytes_sent",
                    "Innodb_rows_inserted",
                    "Innodb_rows_updated",
                    "Innodb_rows_deleted",
                    "Handler_commit");

    private StatusCounters() {}

    /** The counters now; those a server does not have (TiDB has few) are absent. */
    public static Map<String, Long> snapshot(SqlClient server) throws SQLException {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (List<String> row :
                server.rows(
                        "SHOW GLOBAL STATUS WHERE Variable_name IN ('"
                                + String.join("','", NAMES)
                                + "')")) {
            try {
                counters.put(row.get(0), Long.parseLong(row.get(1)));
            } catch (NumberFormatException e) {
                // not a count on this server
            }
        }
        return counters;
    }

    /** How much {@code name} grew from {@code before} to {@code after} (a missing one counts 0). */
    public static long delta(String name, Map<String, Long> before, Map<String, Long> after) {
        return after.getOrDefault(name, 0L) - before.getOrDefault(name, 0L);
    }
}
