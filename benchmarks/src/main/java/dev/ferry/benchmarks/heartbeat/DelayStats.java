package dev.ferry.benchmarks.heartbeat;

import java.util.Arrays;
import java.util.Locale;

/** Percentiles of replication delays, in milliseconds, for one line of benchmark output. */
final class DelayStats {
    private DelayStats() {}

    /** Nearest-rank percentile of sorted values; 0 when there are none. */
    static double percentile(double[] sorted, double fraction) {
        if (sorted.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(fraction * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
    }

    /** {@code sent=N arrived=M p50_ms=… p95_ms=… p99_ms=… max_ms=…} */
    static String line(int sent, double[] delaysMs) {
        double[] sorted = delaysMs.clone();
        Arrays.sort(sorted);
        return String.format(
                Locale.ROOT,
                "sent=%d arrived=%d p50_ms=%.1f p95_ms=%.1f p99_ms=%.1f max_ms=%.1f",
                sent,
                sorted.length,
                percentile(sorted, 0.50),
                percentile(sorted, 0.95),
                percentile(sorted, 0.99),
                percentile(sorted, 1.0));
    }
}
