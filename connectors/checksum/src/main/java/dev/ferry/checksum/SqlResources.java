package dev.ferry.checksum;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

/** Loads the fixed SQL statements kept beside this package as {@code sql/*.sql} resources. */
final class SqlResources {

    static final String KEY_COLUMNS = load("key-columns.sql");
    static final String TABLE_COLUMNS = load("table-columns.sql");
    static final String BASE_TABLES = load("base-tables.sql");
    static final String CHECK_CONSTRAINTS = load("check-constraints.sql");

    private SqlResources() {}

    static String load(String name) {
        try (InputStream in = SqlResources.class.getResourceAsStream("sql/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing SQL resource " + name);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            // Comment lines document the file; the statement is the rest.
            return text.lines()
                    .filter(line -> !line.stripLeading().startsWith("--"))
                    .collect(Collectors.joining("\n"))
                    .strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
