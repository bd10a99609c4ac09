package dev.ferry.benchmarks.probe;

import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * Polls a query on a server until it returns the expected value, and prints when it did: the end of
 * a drain, as a wall-clock time other probes and the scripts compare with. With {@code --allowed}
 * it is also an atomicity checker: any value that is neither expected nor allowed is a partial view
 * of a transaction, counted and reported.
 *
 * <pre>
 * DownstreamWatch --port 3308 --user u --password p --query "SELECT COUNT(*) FROM db.t"
 *     --expect 1000000 [--allowed 0] [--interval-ms 200] [--timeout-s 900]
 * prints: done_ms=... polls=... partial=... first_partial=...   (exit 1 on timeout)
 * </pre>
 *
 * Columns of the result row are joined with a tab, as the {@code mariadb --batch} client prints
 * them, so a script can take the expected value from the upstream with that client.
 */
public final class DownstreamWatch {
    private static final Set<String> NAMES =
            Args.endpointAnd("query", "expect", "allowed", "interval-ms", "timeout-s");

    private DownstreamWatch() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("DownstreamWatch", argv, NAMES);
        String query = args.get("query");
        String expected = args.get("expect");
        Set<String> allowed =
                args.get("allowed", "").isEmpty()
                        ? Set.of()
                        : Arrays.stream(args.get("allowed").split(",")).collect(Collectors.toSet());
        long intervalMs = args.getLong("interval-ms", 200);
        long deadline = System.currentTimeMillis() + 1000 * args.getLong("timeout-s", 900);
        long polls = 0;
        long partial = 0;
        String firstPartial = "none";
        try (Connection connection = Connections.open(args.endpoint("downstream"));
                Statement statement = connection.createStatement()) {
            while (true) {
                String seen = valueOf(statement, query);
                long now = System.currentTimeMillis();
                polls++;
                Observation observation = Observation.of(seen, expected, allowed);
                if (observation == Observation.PARTIAL) {
                    partial++;
                    if (partial == 1) {
                        firstPartial = seen.replaceAll("\\s+", ",");
                    }
                }
                if (observation == Observation.FINAL) {
                    System.out.println(
                            new ResultLine()
                                    .put("done_ms", now)
                                    .put("polls", polls)
                                    .put("partial", partial)
                                    .put("first_partial", firstPartial));
                    return;
                }
                if (now > deadline) {
                    System.out.println(
                            new ResultLine()
                                    .put("timeout_ms", now)
                                    .put(
                                            "last",
                                            seen.isEmpty() ? "none" : seen.replaceAll("\\s+", ","))
                                    .put("polls", polls)
                                    .put("partial", partial));
                    System.exit(1);
                }
                Thread.sleep(intervalMs);
            }
        }
    }

    /** The first row, columns tab-separated; empty while the table does not exist yet. */
    private static String valueOf(Statement statement, String query) {
        try (ResultSet rs = statement.executeQuery(query)) {
            if (!rs.next()) {
                return "";
            }
            StringJoiner row = new StringJoiner("\t");
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                String value = rs.getString(i);
                row.add(value == null ? "NULL" : value);
            }
            return row.toString();
        } catch (SQLException notYet) {
            return "";
        }
    }
}
