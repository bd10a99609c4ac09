package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.SqlPlaceholders;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The statements of the bulk workload on {@code rows} new ids from {@code firstId}: INSERT them (k
 * = 1), UPDATE them all (k = 2), DELETE the first half and INSERT it again (k = 3), 1,000 rows a
 * statement: 3 × rows row changes. The downstream has all of them exactly when COUNT(*) = rows and
 * SUM(k) = 2.5 × rows. The statements' text is bulk-workload.sql.
 */
public final class BulkStatements {
    private static final String RESOURCE = "bulk-workload.sql";
    private static final List<String> TEMPLATES = templates();

    private BulkStatements() {}

    /** The statements, in the order they run, on {@code database.table}. */
    public static List<String> of(String database, String table, long firstId, long rows) {
        long block = FunnelSettings.BULK_STATEMENT_ROWS;
        if (rows <= 0 || rows % (2 * block) != 0) {
            throw new IllegalArgumentException(
                    "the bulk workload writes a multiple of 2000 rows, got " + rows);
        }
        List<String> statements = new ArrayList<>();
        String[] kinds = {"insert", "update", "delete", "reinsert"};
        for (int kind = 0; kind < kinds.length; kind++) {
            long end = firstId + (kind < 2 ? rows : rows / 2);
            for (long first = firstId; first < end; first += block) {
                statements.add(
                        SqlPlaceholders.replace(
                                TEMPLATES.get(kind),
                                Map.of(
                                        "database",
                                        database,
                                        "table",
                                        table,
                                        "first",
                                        Long.toString(first),
                                        "last",
                                        Long.toString(first + block - 1)),
                                Map.of()));
            }
        }
        return statements;
    }

    /** The four statement templates of the resource: insert, update, delete, reinsert. */
    private static List<String> templates() {
        try (InputStream in = BulkStatements.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            List<String> statements =
                    new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .map(String::strip)
                            .filter(line -> !line.isEmpty() && !line.startsWith("--"))
                            .map(
                                    line ->
                                            line.endsWith(";")
                                                    ? line.substring(0, line.length() - 1)
                                                    : line)
                            .toList();
            if (statements.size() != 4) {
                throw new IllegalStateException(
                        RESOURCE + " must hold 4 statements, holds " + statements.size());
            }
            return statements;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
