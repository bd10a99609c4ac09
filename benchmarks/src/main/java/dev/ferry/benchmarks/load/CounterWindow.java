package dev.ferry.benchmarks.load;

import java.util.List;

/**
 * The rate of a monotonically growing counter over a time window, from timestamped samples: the
 * growth between the first and last sample inside the window divided by the time between them. The
 * samples' own times are used, not the window's edges, so a sampler's pauses do not bias it.
 */
public final class CounterWindow {
    /** One reading of a counter at an epoch-ms time. */
    public record Sample(long ms, double value) {}

    private CounterWindow() {}

    /** Per second, over the samples with {@code fromMs <= ms <= toMs}; NaN with fewer than two. */
    public static double ratePerSecond(List<Sample> samples, long fromMs, long toMs) {
        Sample first = null;
        Sample last = null;
        for (Sample sample : samples) {
            if (sample.ms() < fromMs || sample.ms() > toMs || Double.isNaN(sample.value())) {
                continue;
            }
            if (first == null) {
                first = sample;
            }
            last = sample;
        }
        if (first == null || last.ms() == first.ms()) {
            return Double.NaN;
        }
        return (last.value() - first.value()) * 1000.0 / (last.ms() - first.ms());
    }
}
