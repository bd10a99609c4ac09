package dev.ferry.it.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** Creates and fills the sample tables of sample-schema.sql in a test database. */
public final class SampleSchema {
    private SampleSchema() {}

    /**
     * @param sbtestRows rows of the large sysbench-shaped table
     * @param orderLines rows of the composite-key table
     */
    public static void load(TestDatabase database, int sbtestRows, int orderLines) {
        String script =
                (resource("sample-schema.sql") + ";\n" + awkwardTypes())
                        .replace("{db}", database.name())
                        .replace("{rows}", String.valueOf(sbtestRows))
                        .replace("{order_lines}", String.valueOf(orderLines - 1));
        String[] statements =
                Arrays.stream(script.split(";\\s*\n"))
                        .map(SampleSchema::withoutComments)
                        .filter(s -> !s.isBlank())
                        .toArray(String[]::new);
        Sql.execute(Services.upstreamAdmin(), statements);
    }

    /** The awkward-types table the demo loads too, read from the repository. */
    private static String awkwardTypes() {
        Path file =
                Path.of(System.getProperty("ferry.repo", ".."))
                        .resolve("bin/demo-data/awkward-types.sql");
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String withoutComments(String statement) {
        StringBuilder sql = new StringBuilder();
        for (String line : statement.split("\n")) {
            if (!line.strip().startsWith("--")) {
                sql.append(line).append('\n');
            }
        }
        return sql.toString().strip();
    }

    private static String resource(String name) {
        try (InputStream in = SampleSchema.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
