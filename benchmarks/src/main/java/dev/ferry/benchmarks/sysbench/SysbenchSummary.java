package dev.ferry.benchmarks.sysbench;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of a {@code sysbench … run} summary the reports use: transactions (and per second),
 * write statements, total time, the 95th percentile latency and ignored errors.
 *
 * @param transactions the {@code transactions:} count
 * @param transactionsPerSecond sysbench's own "per sec." beside it
 * @param writes the {@code write:} statements
 * @param totalSeconds the {@code total time:}
 * @param p95Millis the {@code 95th percentile:} latency, NaN when sysbench printed none
 * @param ignoredErrors the {@code ignored errors:} count
 */
public record SysbenchSummary(
        long transactions,
        double transactionsPerSecond,
        long writes,
        double totalSeconds,
        double p95Millis,
        long ignoredErrors) {

    private static final Pattern TRANSACTIONS =
            Pattern.compile("(?m)^\\s*transactions:\\s+(\\d+)\\s+\\(([\\d.]+) per sec\\.\\)");
    private static final Pattern WRITES = Pattern.compile("(?m)^\\s*write:\\s+(\\d+)");
    private static final Pattern TOTAL_TIME = Pattern.compile("(?m)^\\s*total time:\\s+([\\d.]+)s");
    private static final Pattern P95 = Pattern.compile("(?m)^\\s*95th percentile:\\s+([\\d.]+)");
    private static final Pattern ERRORS = Pattern.compile("(?m)^\\s*ignored errors:\\s+(\\d+)");

    /**
     * Reads sysbench's output.
     *
     * @throws IllegalArgumentException naming the line that is missing (sysbench failed, or its
     *     output changed)
     */
    public static SysbenchSummary parse(String output) {
        Matcher transactions = required(TRANSACTIONS, output, "transactions:");
        return new SysbenchSummary(
                Long.parseLong(transactions.group(1)),
                Double.parseDouble(transactions.group(2)),
                Long.parseLong(required(WRITES, output, "write:").group(1)),
                Double.parseDouble(required(TOTAL_TIME, output, "total time:").group(1)),
                find(P95, output).map(m -> Double.parseDouble(m.group(1))).orElse(Double.NaN),
                find(ERRORS, output).map(m -> Long.parseLong(m.group(1))).orElse(0L));
    }

    /** Write statements per second over the run's total time (the saga table's sysbench OPS). */
    public double writesPerSecond() {
        return writes / totalSeconds;
    }

    private static Matcher required(Pattern pattern, String output, String line) {
        return find(pattern, output)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "sysbench's summary has no '"
                                                + line
                                                + "' line: did sysbench fail? Its output ends: "
                                                + tail(output)));
    }

    private static Optional<Matcher> find(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        return matcher.find() ? Optional.of(matcher) : Optional.empty();
    }

    private static String tail(String output) {
        String stripped = output.strip();
        return stripped.length() <= 400
                ? stripped
                : "…" + stripped.substring(stripped.length() - 400);
    }
}
