package dev.ferry.benchmarks.load;

import java.util.Map;
import java.util.TreeMap;

/**
 * Reads Prometheus' text exposition format (what Flink's Prometheus reporter serves) into one value
 * per metric name, summed over the label sets (a job's parallel subtasks). Comment lines and
 * unparseable values are skipped.
 */
public final class PrometheusText {
    private PrometheusText() {}

    /** Metric name (without labels) to the sum of its samples. */
    public static Map<String, Double> sums(String text) {
        Map<String, Double> sums = new TreeMap<>();
        for (String line : text.split("\n")) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int brace = line.indexOf('{');
            int space = brace >= 0 ? line.indexOf(' ', line.lastIndexOf('}')) : line.indexOf(' ');
            if (space < 0) {
                continue;
            }
            String name = line.substring(0, brace >= 0 ? brace : space);
            String[] rest = line.substring(space + 1).strip().split("\\s+");
            try {
                double value = Double.parseDouble(rest[0]);
                if (!Double.isNaN(value)) {
                    sums.merge(name, value, Double::sum);
                }
            } catch (NumberFormatException skipped) {
                // e.g. a string gauge the reporter could not turn into a number
            }
        }
        return sums;
    }

    /** The summed value of the metric whose name ends with {@code _suffix}, or NaN. */
    public static double bySuffix(Map<String, Double> sums, String suffix) {
        return sums.entrySet().stream()
                .filter(e -> e.getKey().endsWith("_" + suffix))
                .mapToDouble(Map.Entry::getValue)
                .findFirst()
                .orElse(Double.NaN);
    }
}
