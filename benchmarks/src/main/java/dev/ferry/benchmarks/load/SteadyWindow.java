package dev.ferry.benchmarks.load;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One load level's steady window from the apply's sampled metrics ({@link ApplyMetricsSampler}'s
 * file): replicationDelayMs's mean and max over the samples in the window, and the growth rates of
 * the applied events, bytes and transactions counters.
 *
 * @param delayMeanMs replicationDelayMs, mean of the window's samples (NaN: none)
 * @param delayMaxMs replicationDelayMs, max of the window's samples (NaN: none)
 * @param eps eventsApplied per second
 * @param bps bytesApplied per second
 * @param tps transactionsApplied per second
 */
public record SteadyWindow(
        double delayMeanMs, double delayMaxMs, double eps, double bps, double tps) {

    /** The window {@code fromMs}..{@code toMs} of {@code metrics}. */
    public static SteadyWindow of(Tsv metrics, long fromMs, long toMs) {
        double[] ms = metrics.column("ms");
        double[] delays = inWindow(ms, metrics.column("replicationDelayMs"), fromMs, toMs);
        return new SteadyWindow(
                Arrays.stream(delays).average().orElse(Double.NaN),
                Arrays.stream(delays).max().orElse(Double.NaN),
                rate(ms, metrics.column("eventsApplied"), fromMs, toMs),
                rate(ms, metrics.column("bytesApplied"), fromMs, toMs),
                rate(ms, metrics.column("transactionsApplied"), fromMs, toMs));
    }

    /** The newest sample of {@code column} that is a number; NaN when there is none. */
    public static double last(Tsv metrics, String column) {
        double[] values = metrics.column(column);
        for (int i = values.length - 1; i >= 0; i--) {
            if (!Double.isNaN(values[i])) {
                return values[i];
            }
        }
        return Double.NaN;
    }

    /** The values whose time is inside [from, to]. */
    static double[] inWindow(double[] times, double[] values, long from, long to) {
        List<Double> kept = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            if (times[i] >= from && times[i] <= to && !Double.isNaN(values[i])) {
                kept.add(values[i]);
            }
        }
        return kept.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double rate(double[] times, double[] counter, long from, long to) {
        List<CounterWindow.Sample> samples = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            samples.add(new CounterWindow.Sample((long) times[i], counter[i]));
        }
        return CounterWindow.ratePerSecond(samples, from, to);
    }
}
