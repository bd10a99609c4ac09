package dev.ferry.it.support;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Waits until a downstream query returns, row by row, the expected rows: usually an upstream query
 * that says what a filter, a projection or a merge should leave.
 */
public final class RowsDownstream {
    private RowsDownstream() {}

    public static void awaitEqual(
            String what, String upstreamSql, String downstreamSql, RunningJobs jobs) {
        awaitEqual(
                what,
                () -> Sql.queryRows(Services.upstreamAdmin(), upstreamSql),
                downstreamSql,
                jobs);
    }

    public static void awaitEqual(
            String what,
            Supplier<List<List<String>>> expectedRows,
            String downstreamSql,
            RunningJobs jobs) {
        AtomicReference<String> last = new AtomicReference<>("(no comparison finished)");
        Await.until(
                what,
                Duration.ofMinutes(3),
                () -> {
                    jobs.assertRunning();
                    List<List<String>> expected = expectedRows.get();
                    List<List<String>> actual;
                    try {
                        actual = Sql.queryRows(Services.downstreamAdmin(), downstreamSql);
                    } catch (IllegalStateException e) {
                        last.set("downstream: " + e.getMessage());
                        return false; // the table is not there yet
                    }
                    last.set(
                            expected.size()
                                    + " rows expected, "
                                    + actual.size()
                                    + " downstream; "
                                    + firstDifference(expected, actual));
                    return !expected.isEmpty() && expected.equals(actual);
                },
                last::get);
    }

    private static String firstDifference(List<List<String>> expected, List<List<String>> actual) {
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            List<String> e = i < expected.size() ? expected.get(i) : null;
            List<String> d = i < actual.size() ? actual.get(i) : null;
            if (e == null || !e.equals(d)) {
                return "first difference at row " + i + ": expected " + e + ", downstream " + d;
            }
        }
        return "equal";
    }

    /** The tables of a database downstream. */
    public static List<String> tables(String database) {
        return Sql.queryRows(
                        Services.downstreamAdmin(),
                        "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '"
                                + database
                                + "' ORDER BY TABLE_NAME")
                .stream()
                .map(row -> row.get(0))
                .toList();
    }

    /** The columns of a table downstream, in order. */
    public static List<String> columns(String database, String table) {
        return Sql.queryRows(
                        Services.downstreamAdmin(),
                        "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = '"
                                + database
                                + "' AND TABLE_NAME = '"
                                + table
                                + "' ORDER BY ORDINAL_POSITION")
                .stream()
                .map(row -> row.get(0))
                .toList();
    }
}
