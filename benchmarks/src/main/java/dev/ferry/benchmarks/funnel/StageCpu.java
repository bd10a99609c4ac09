package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Rates;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a stage's CPU figures say: the cores each process kept busy over the stage's CPU window,
 * busiest first, and what limits the stage (the machine's cores, one process's threads, one thread,
 * or waits).
 */
public final class StageCpu {
    /** The processes a stage may have measured, in the order ties keep. */
    private static final List<String> PROCESSES =
            List.of("probe", "capture", "apply", "kafka", "up", "down");

    private static final Map<String, String> LABELS =
            Map.of(
                    "up", "upstream mysqld",
                    "down", "downstream mysqld",
                    "kafka", "Kafka",
                    "probe", "probe JVM");

    private StageCpu() {}

    /** One process's cores busy over the window. */
    public record Busy(String label, double cores) {}

    /** The measured processes' cores over the stage's wall time, busiest first. */
    public static List<Busy> busiest(StageResult stage) {
        List<Busy> busy = new ArrayList<>();
        if (stage == null || !(stage.wall() > 0)) {
            return busy;
        }
        for (String name : PROCESSES) {
            Double seconds = stage.cpu().get(name);
            if (seconds != null) {
                busy.add(
                        new Busy(
                                LABELS.getOrDefault(name, name),
                                Rates.perSecond(seconds, stage.wall())));
            }
        }
        busy.sort(Comparator.comparingDouble(Busy::cores).reversed());
        return busy;
    }

    /** "capture 1.11, Kafka 0.06, upstream mysqld 0.00", or "—" when nothing was measured. */
    public static String text(StageResult stage) {
        List<String> parts = new ArrayList<>();
        for (Busy busy : busiest(stage)) {
            parts.add(busy.label() + " " + Figures.twoDecimals(busy.cores()));
        }
        return parts.isEmpty() ? Figures.MISSING : String.join(", ", parts);
    }

    /** The cores all measured processes kept busy together; NaN when nothing was measured. */
    public static double totalCores(StageResult stage) {
        List<Busy> busy = busiest(stage);
        return busy.isEmpty() ? Double.NaN : busy.stream().mapToDouble(Busy::cores).sum();
    }

    /**
     * What limits the stage, read from its CPU on a machine of {@code cores} cores: all of them
     * (80%) busy is the machine; one process past 1.15 cores is its threads; one near a core (0.85)
     * is one thread, a serial path; anything less is waits or other work.
     */
    public static String limit(StageResult stage, int cores) {
        List<Busy> busy = busiest(stage);
        if (busy.isEmpty()) {
            return Figures.MISSING;
        }
        double total = totalCores(stage);
        Busy top = busy.get(0);
        // The script compared the busiest process's cores as printed, with two decimals.
        String topText = Figures.twoDecimals(top.cores());
        double topCores = Double.parseDouble(topText);
        if (total >= 0.8 * cores) {
            return "the machine's CPU: the processes kept "
                    + Figures.twoDecimals(total)
                    + " of "
                    + cores
                    + " cores busy; most: "
                    + top.label()
                    + " "
                    + topText;
        }
        if (topCores >= 1.15) {
            return "the CPU of "
                    + top.label()
                    + ", busy on several threads ("
                    + topText
                    + " cores), with CPU left on the machine";
        }
        if (topCores >= 0.85) {
            return "about one core in "
                    + top.label()
                    + " ("
                    + topText
                    + ") with CPU left on the machine: one thread is the bottleneck, a serial path";
        }
        return "not CPU-bound by its own processes ("
                + Figures.twoDecimals(total)
                + " of "
                + cores
                + " cores): waits (I/O, polls, commits) or the cores went to other work";
    }
}
