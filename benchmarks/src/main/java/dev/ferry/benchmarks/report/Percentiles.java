package dev.ferry.benchmarks.report;

import java.util.Arrays;

/** Nearest-rank percentiles of measured values (delays, latencies), as the reports give them. */
public final class Percentiles {
    private final double[] sorted;

    private Percentiles(double[] sorted) {
        this.sorted = sorted;
    }

    /** The values, in any order (copied). */
    public static Percentiles of(double... values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new Percentiles(sorted);
    }

    /**
     * The smallest value with at least {@code fraction} of the values at or below it (nearest rank:
     * p50 of 1..10 is 5, p95 is 10); NaN when there are no values.
     */
    public double at(double fraction) {
        if (fraction < 0 || fraction > 1) {
            throw new IllegalArgumentException(
                    "a percentile's fraction is from 0 to 1, got " + fraction);
        }
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(fraction * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
    }

    /** How many values there are. */
    public int count() {
        return sorted.length;
    }
}
