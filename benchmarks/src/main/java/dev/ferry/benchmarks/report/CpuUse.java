package dev.ferry.benchmarks.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The CPU seconds each process used between two readings of /proc (utime + stime), as the reports
 * show them: per process, in all, and as cores over a run's wall time.
 */
public final class CpuUse {
    private final Map<String, Double> seconds;

    private CpuUse(Map<String, Double> seconds) {
        this.seconds = seconds;
    }

    /**
     * The use between two readings (process name to CPU seconds so far). A process only in {@code
     * after} started in between and counts all its seconds; one only in {@code before} is left out
     * (its last seconds are unknown).
     */
    public static CpuUse between(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> used = new LinkedHashMap<>();
        after.forEach((name, total) -> used.put(name, total - before.getOrDefault(name, 0.0)));
        return new CpuUse(used);
    }

    /** The CPU seconds {@code process} used, if it was read both times or started in between. */
    public Optional<Double> of(String process) {
        return Optional.ofNullable(seconds.get(process));
    }

    /** The CPU seconds of all processes. */
    public double total() {
        return seconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** Cores the processes kept busy on average over {@code wallSeconds}. */
    public double cores(double wallSeconds) {
        return Rates.perSecond(total(), wallSeconds);
    }

    /** "name=1.2 name=3.4" for the named processes that were measured, in the given order. */
    public String summary(String... processes) {
        StringBuilder line = new StringBuilder();
        for (String process : processes) {
            of(process)
                    .ifPresent(
                            used ->
                                    line.append(line.isEmpty() ? "" : " ")
                                            .append(process)
                                            .append('=')
                                            .append(Figures.oneDecimal(used)));
        }
        return line.toString();
    }

    /**
     * Whether a run that kept {@code cores} busy was bound by the machine's {@code available} cores
     * (at least 80% of them), as a sentence.
     */
    public static String boundNote(double cores, int available, String loadAverage) {
        if (cores >= 0.8 * available) {
            return "CPU-bound: its processes used "
                    + Figures.oneDecimal(cores)
                    + " of the "
                    + available
                    + " cores.";
        }
        return "not CPU-bound by its own processes, which used "
                + Figures.oneDecimal(cores)
                + " of the "
                + available
                + " cores: the rest of the time they waited (polls, checkpoints, commits) or the"
                + " cores went to other work (load average "
                + loadAverage
                + ").";
    }
}
