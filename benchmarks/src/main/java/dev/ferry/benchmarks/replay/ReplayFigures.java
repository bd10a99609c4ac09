package dev.ferry.benchmarks.replay;

import java.util.List;

/**
 * The figures of one replay: the whole replay's wall and apply CPU seconds (JVM start, snapshot
 * rows and JIT included), and over its steady {@link ReplayWindow}: row changes/s and the CPU µs
 * per row change of the apply (also without its JIT compiler threads) and of the downstream,
 * counting row changes in proportion to the downstream's row operations. A figure the window cannot
 * give (it held no poll apart) is NaN.
 */
public record ReplayFigures(
        double wallSeconds,
        double applyCpuSeconds,
        double steadyRate,
        double applyMicrosPerChange,
        double downstreamMicrosPerChange,
        double applyMicrosPerChangeWithoutJit) {

    /**
     * The figures from a replay's polls (in order, at least one), the downstream's row operations
     * {@code writesBefore} it started, the row changes the backlog holds, and the apply's CPU
     * seconds when it was stopped.
     */
    public static ReplayFigures of(
            List<ReplaySample> samples,
            long writesBefore,
            long changes,
            double applyCpu,
            ReplayWindow window) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a replay without a poll has no figures");
        }
        int last = samples.size() - 1;
        long total = samples.get(last).writes() - writesBefore;
        // wall: the first poll that saw the final count
        int first = last;
        while (first > 0 && samples.get(first - 1).writes() - writesBefore == total) {
            first--;
        }
        int a = firstReaching(samples, writesBefore, window.from() / 100.0 * total, 0);
        int b = firstReaching(samples, writesBefore, window.to() / 100.0 * total, a);
        ReplaySample start = samples.get(Math.min(a, last));
        ReplaySample end = samples.get(Math.min(b, last));
        double part =
                total == 0
                        ? Double.NaN
                        : (double) (end.writes() - start.writes()) / total * changes;
        double seconds = end.seconds() - start.seconds();
        double applyCpuPart = end.applyCpu() - start.applyCpu();
        double jitPart = end.applyJit() - start.applyJit();
        return new ReplayFigures(
                samples.get(first).seconds(),
                applyCpu,
                ratio(part, seconds),
                ratio(1e6 * applyCpuPart, part),
                ratio(1e6 * (end.downstreamCpu() - start.downstreamCpu()), part),
                ratio(1e6 * (applyCpuPart - jitPart), part));
    }

    /** The first poll from {@code from} on whose row operations reach {@code threshold}. */
    private static int firstReaching(
            List<ReplaySample> samples, long writesBefore, double threshold, int from) {
        int i = from;
        while (i < samples.size() && samples.get(i).writes() - writesBefore < threshold) {
            i++;
        }
        return i;
    }

    private static double ratio(double numerator, double denominator) {
        return denominator > 0 && !Double.isNaN(numerator) ? numerator / denominator : Double.NaN;
    }
}
