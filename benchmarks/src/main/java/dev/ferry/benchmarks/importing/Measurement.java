package dev.ferry.benchmarks.importing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One copy's figures, or why it failed.
 *
 * @param seconds how long it took; null when it failed
 * @param inserts the growth of the downstream's Com_insert during it; null when not read
 * @param latencyP99 the statement latency p99 in ms a tool reported itself (the ceiling); or null
 * @param cpu CPU seconds per process during it ("capture", "kafka", "down", "mydumper", …)
 * @param status "ok", or what went wrong
 */
public record Measurement(
        Double seconds, Long inserts, Double latencyP99, Map<String, Double> cpu, String status) {

    public Measurement {
        cpu = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cpu));
    }

    /** A copy that succeeded. */
    public static Measurement ok(
            double seconds, Long inserts, Double latencyP99, Map<String, Double> cpu) {
        return new Measurement(seconds, inserts, latencyP99, cpu, "ok");
    }

    /** A copy that failed, and why. */
    public static Measurement failed(String why) {
        return new Measurement(null, null, null, Map.of(), why);
    }

    public boolean succeeded() {
        return seconds != null;
    }

    /** The CPU seconds of every process added up. */
    public double cpuTotal() {
        return cpu.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** "name=1.2 name=3.4", one decimal, as the report's CPU columns show it. */
    public String cpuSummary() {
        StringBuilder line = new StringBuilder();
        cpu.forEach(
                (name, value) ->
                        line.append(line.isEmpty() ? "" : " ")
                                .append(name)
                                .append('=')
                                .append(dev.ferry.benchmarks.report.Figures.oneDecimal(value)));
        return line.toString();
    }
}
