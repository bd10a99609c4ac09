package dev.ferry.benchmarks.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * Per build of an A/B run, the sums of its figures over the rounds, and their means (whose ratios
 * to the first build's are the sums' ratios the scripts printed, the rounds being equal in number).
 */
final class BuildMeans {
    private final int figures;
    private final List<double[]> sums = new ArrayList<>();
    private final List<Integer> rounds = new ArrayList<>();

    /** Sums of {@code figures} figures per build. */
    BuildMeans(int figures) {
        this.figures = figures;
    }

    /** Adds one round's figures of build {@code build} (0 = the first JAR). */
    void add(int build, double... values) {
        if (values.length != figures) {
            throw new IllegalArgumentException(
                    "expected " + figures + " figures, got " + values.length);
        }
        while (sums.size() <= build) {
            sums.add(new double[figures]);
            rounds.add(0);
        }
        double[] sum = sums.get(build);
        for (int i = 0; i < figures; i++) {
            sum[i] += values[i];
        }
        rounds.set(build, rounds.get(build) + 1);
    }

    /** The mean of figure {@code figure} of build {@code build} over its rounds; NaN if none. */
    double mean(int build, int figure) {
        if (build >= sums.size() || rounds.get(build) == 0) {
            return Double.NaN;
        }
        return sums.get(build)[figure] / rounds.get(build);
    }
}
