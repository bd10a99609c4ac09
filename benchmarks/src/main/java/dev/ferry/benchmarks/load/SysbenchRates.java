package dev.ferry.benchmarks.load;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The per-second figures beside {@code transactions:} and {@code queries:} in a sysbench run's
 * summary ("queries: 119040 (5951.08 per sec.)"), which {@link
 * dev.ferry.benchmarks.sysbench.SysbenchSummary} does not keep for queries.
 */
public final class SysbenchRates {
    private SysbenchRates() {}

    /** The "per sec." figure of {@code what} ("transactions" or "queries"); NaN when absent. */
    public static double perSecond(String output, String what) {
        Matcher matcher =
                Pattern.compile(
                                "(?m)^\\s*"
                                        + Pattern.quote(what)
                                        + ":\\s+\\d+\\s+\\(([\\d.]+) per sec\\.\\)")
                        .matcher(output);
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : Double.NaN;
    }
}
