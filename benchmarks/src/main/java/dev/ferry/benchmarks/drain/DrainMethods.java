package dev.ferry.benchmarks.drain;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The report's "How each figure was measured" section (methods.md beside this class). */
final class DrainMethods {
    private DrainMethods() {}

    /** The section for a run in {@code database} whose snapshot copies {@code totalRows} rows. */
    static String text(String database, long totalRows) {
        try (InputStream in = DrainMethods.class.getResourceAsStream("methods.md")) {
            if (in == null) {
                throw new IllegalStateException("methods.md is missing from ferry-benchmarks.jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("${database}", database)
                    .replace("${total}", Long.toString(totalRows));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
