package dev.ferry.benchmarks.probe;

import java.util.Set;

/**
 * How a reader on the downstream ({@code load.AtomicityWatch}) classifies one poll: the expected
 * final value, a value a reader may see before it (e.g. none of a transaction's rows), or anything
 * else, which an atomicity check counts as a partial view.
 */
public enum Observation {
    FINAL,
    ALLOWED,
    PARTIAL;

    /**
     * Classifies {@code seen} against {@code expected}; with an empty {@code allowed} set every
     * value other than the expected one is simply "not yet", never partial. An empty {@code seen}
     * means the query could not run (the table is not there yet).
     */
    public static Observation of(String seen, String expected, Set<String> allowed) {
        if (seen.equals(expected)) {
            return FINAL;
        }
        // Empty: the query failed, e.g. the table is not created yet; that shows no rows at all.
        if (seen.isEmpty() || allowed.isEmpty() || allowed.contains(seen)) {
            return ALLOWED;
        }
        return PARTIAL;
    }
}
