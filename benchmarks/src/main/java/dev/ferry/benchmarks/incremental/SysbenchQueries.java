package dev.ferry.benchmarks.incremental;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** sysbench's queries per second, from the "queries: N (X per sec.)" line of its summary. */
final class SysbenchQueries {
    private static final Pattern QUERIES =
            Pattern.compile("(?m)^\\s*queries:\\s+\\d+\\s+\\(([\\d.]+) per sec\\.\\)");

    private SysbenchQueries() {}

    /** The queries per second, or null when the output has no such line. */
    static Double perSecond(String output) {
        Matcher queries = QUERIES.matcher(output);
        return queries.find() ? Double.parseDouble(queries.group(1)) : null;
    }
}
