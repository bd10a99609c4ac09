package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.probe.Args;
import dev.ferry.benchmarks.probe.ResultLine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Summarises one load level's steady window from {@link ApplyMetricsSampler}'s file: the apply's
 * replicationDelayMs samples in it (mean and max), and its events, bytes and transactions per
 * second from its counters.
 *
 * <pre>
 * LoadWindow --metrics metrics.tsv --from-ms T0 --to-ms T1
 * prints: metric_dt_mean_ms= metric_dt_max_ms= eps= bps= tps= spilled=
 * </pre>
 */
public final class LoadWindow {
    private static final Set<String> NAMES = Set.of("metrics", "from-ms", "to-ms");

    private LoadWindow() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("LoadWindow", argv, NAMES);
        long from = args.getLong("from-ms");
        long to = args.getLong("to-ms");
        Tsv metrics = Tsv.read(Path.of(args.get("metrics")));
        double[] ms = metrics.column("ms");
        double[] delays = inWindow(ms, metrics.column("replicationDelayMs"), from, to);
        double[] spilled = inWindow(ms, metrics.column("transactionsSpilled"), from, to);
        System.out.println(
                new ResultLine()
                        .put(
                                "metric_dt_mean_ms",
                                format(Arrays.stream(delays).average().orElse(Double.NaN)))
                        .put(
                                "metric_dt_max_ms",
                                format(Arrays.stream(delays).max().orElse(Double.NaN)))
                        .put("eps", format(rate(ms, metrics.column("eventsApplied"), from, to)))
                        .put("bps", format(rate(ms, metrics.column("bytesApplied"), from, to)))
                        .put(
                                "tps",
                                format(rate(ms, metrics.column("transactionsApplied"), from, to)))
                        .put(
                                "spilled",
                                format(
                                        spilled.length == 0
                                                ? Double.NaN
                                                : spilled[spilled.length - 1])));
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

    private static String format(double value) {
        return Double.isNaN(value) ? "NaN" : String.format(Locale.ROOT, "%.1f", value);
    }
}
