package dev.ferry.benchmarks.load;

import java.util.Arrays;

/**
 * Summary of a set of samples (delays in ms): count, mean, max and nearest-rank percentiles, the
 * way sysbench and most latency reports define them (p95 is the smallest sample that at least 95%
 * of the samples do not exceed).
 */
public final class Distribution {
    private final double[] sorted;

    public Distribution(double[] samples) {
        this.sorted = samples.clone();
        Arrays.sort(sorted);
    }

    public int count() {
        return sorted.length;
    }

    /** NaN when there are no samples. */
    public double mean() {
        return sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).sum() / sorted.length;
    }

    public double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    /** Nearest-rank percentile, {@code 0 < p <= 100}; NaN when there are no samples. */
    public double percentile(double p) {
        if (p <= 0 || p > 100) {
            throw new IllegalArgumentException("a percentile is in (0, 100], not " + p);
        }
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
