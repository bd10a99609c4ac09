package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.report.Percentiles;
import java.util.ArrayList;
import java.util.List;

/**
 * The delays of a level's heartbeats, in ms: how many were sent, the delay of each that arrived,
 * and their nearest-rank percentiles. Several levels' heartbeats pool into one set, so that a p99
 * rests on every round's heartbeats rather than on the mean of each round's.
 *
 * @param sent heartbeats committed upstream
 * @param delaysMs the delay of each that arrived downstream
 */
public record Heartbeats(int sent, List<Double> delaysMs) {
    public Heartbeats {
        delaysMs = List.copyOf(delaysMs);
    }

    /** None: a level that was not measured. */
    public static final Heartbeats NONE = new Heartbeats(0, List.of());

    public int arrived() {
        return delaysMs.size();
    }

    /** The delay at {@code fraction} (0.5 for p50, 1 for the max); NaN when none arrived. */
    public double percentile(double fraction) {
        return Percentiles.of(delaysMs.stream().mapToDouble(Double::doubleValue).toArray())
                .at(fraction);
    }

    /** These heartbeats and {@code other}'s together. */
    public Heartbeats pool(Heartbeats other) {
        List<Double> all = new ArrayList<>(delaysMs);
        all.addAll(other.delaysMs);
        return new Heartbeats(sent + other.sent, all);
    }
}
