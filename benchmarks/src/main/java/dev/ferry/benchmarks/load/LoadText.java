package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.report.Figures;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The load report's derived figures and phrases: cores per process, CPU µs per row change, binlog
 * MB/s of the large transactions, the lists and sentences that depend on what was measured.
 */
public final class LoadText {
    private static final Map<String, String> LABELS =
            Map.of("up", "upstream", "down", "downstream", "kafka", "Kafka");

    private LoadText() {}

    /**
     * "capture 0.32, apply 0.25, …": the cores each process kept busy over the result's wall time.
     */
    public static String cores(LoadResults results, String key, String... processes) {
        StringBuilder text = new StringBuilder();
        for (String process : processes) {
            text.append(text.isEmpty() ? "" : ", ")
                    .append(LABELS.getOrDefault(process, process))
                    .append(' ')
                    .append(
                            Figures.twoDecimals(
                                    LoadResults.div(
                                            results.figure(key, "cpu_" + process),
                                            results.figure(key, "wall"))));
        }
        return text.toString();
    }

    /** The cores the processes kept busy together over the result's wall time. */
    public static Double busy(LoadResults results, String key, String... processes) {
        Double sum = 0.0;
        for (String process : processes) {
            sum = LoadResults.plus(sum, results.figure(key, "cpu_" + process));
        }
        return LoadResults.div(sum, results.figure(key, "wall"));
    }

    /** CPU µs {@code process} spent per row change of a level, until caught up after it. */
    public static Double usPerChange(LoadResults results, String key, String process) {
        return LoadResults.div(
                LoadResults.times(results.figure(key, "cpuc_" + process), 1_000_000.0),
                results.figure(key, "changes"));
    }

    /** The µs per change of capture, apply and Kafka together. */
    public static Double usAll(LoadResults results, String key) {
        return LoadResults.plus(
                LoadResults.plus(
                        usPerChange(results, key, "capture"), usPerChange(results, key, "apply")),
                usPerChange(results, key, "kafka"));
    }

    /** Binlog MB (10^6 bytes) per second of apply time of a large transaction or backlog. */
    public static Double applyMbps(LoadResults results, String key) {
        return LoadResults.div(
                LoadResults.div(results.figure(key, "binlog_bytes"), 1_000_000.0),
                results.figure(key, "apply_s"));
    }

    /** The baseline: the mean MB/s of the backlogs before and after the large transactions. */
    public static Double smallMbps(LoadResults results) {
        return LoadResults.div(
                LoadResults.plus(applyMbps(results, "small_1"), applyMbps(results, "small_2")),
                2.0);
    }

    /** The mean of the measured values (missing ones left out); null when none was measured. */
    public static Double mean(List<Double> values) {
        List<Double> measured = values.stream().filter(Objects::nonNull).toList();
        return measured.isEmpty()
                ? null
                : measured.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    /** Whether a large transaction spilled to disk (the growth of transactionsSpilled is not 0). */
    public static boolean spilled(Double growth) {
        return growth != null && growth != 0;
    }

    /** The spilled column: "no", "yes (1)", or "—" when not measured. */
    public static String spilledCell(Double growth) {
        if (growth == null) {
            return Figures.MISSING;
        }
        return growth == 0 ? "no" : "yes (" + Figures.whole(growth) + ")";
    }

    /** "16, 64 MB", or "none". */
    public static String sizeList(List<Integer> sizes) {
        if (sizes.isEmpty()) {
            return "none";
        }
        StringBuilder text = new StringBuilder();
        for (int size : sizes) {
            text.append(text.isEmpty() ? "" : ", ").append(size);
        }
        return text + " MB";
    }

    /**
     * What the largest transaction's rate against the small ones' says: below 0.7× its single
     * connection limits it, below 1× it costs about what per-transaction work does, else it wins.
     */
    public static String largestSentence(Double ratio) {
        String head =
                "the largest goes at " + Figures.twoDecimals(ratio) + "× the small ones' rate: ";
        if (ratio == null) {
            return head + "not measured. ";
        }
        if (ratio < 0.7) {
            return head
                    + "the single connection, against the small ones' parallel workers, is what"
                    + " limits it. ";
        }
        if (ratio < 1) {
            return head
                    + "its single connection costs about what the small ones' per-transaction work"
                    + " does. ";
        }
        return head
                + "what one transaction saves in per-transaction work outweighs its single"
                + " connection. ";
    }

    /**
     * Whether the heartbeat's p50 grew (by more than 20%) from the lowest level ({@code low}) to
     * the highest ({@code high}) of {@code workload}, as a sentence.
     */
    public static String delayTrend(String workload, Double low, Double high) {
        String figures =
                "(`"
                        + workload
                        + "`: p50 "
                        + Figures.whole(low)
                        + " → "
                        + Figures.whole(high)
                        + " ms)";
        if (low != null && high != null && high > 1.2 * low) {
            return "Here too the delay grows with the load " + figures + ".";
        }
        return "Here the delay stays flat across the levels "
                + figures
                + ": at these rates the capture's checkpoint interval, not the load, sets it.";
    }
}
