package dev.ferry.benchmarks.report;

import java.util.Arrays;
import java.util.stream.Collectors;

/** One row of a Markdown table: its cells between pipes, ended by a newline. */
public final class TableRow {
    private TableRow() {}

    /**
     * {@code | a | b | c |} and a newline; each cell as {@link String#valueOf(Object)} writes it.
     */
    public static String of(Object... cells) {
        return Arrays.stream(cells)
                .map(String::valueOf)
                .collect(Collectors.joining(" | ", "| ", " |\n"));
    }

    /** The cells joined by {@code " / "}: several figures in one cell, as "p50 / p95 / p99". */
    public static String slashed(String... figures) {
        return String.join(" / ", figures);
    }
}
