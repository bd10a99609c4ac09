package dev.ferry.benchmarks.drain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The hottest methods of a Java Flight Recorder recording, as a Markdown table: the top frame of
 * each {@code jdk.ExecutionSample} in the text {@code jfr print --events jdk.ExecutionSample}
 * prints, counted, the 15 most sampled first.
 */
final class HotMethods {
    static final int SHOWN = 15;

    private HotMethods() {}

    /** The table from {@code jfr print}'s output. */
    static String table(String jfrPrint) {
        Map<String, Integer> samples = new LinkedHashMap<>();
        int total = 0;
        boolean top = false;
        for (String line : jfrPrint.split("\n")) {
            if (line.contains("stackTrace = [")) {
                top = true;
            } else if (top) {
                String frame = line.strip().replaceFirst("[ \t]+line:.*$", "");
                samples.merge(frame, 1, Integer::sum);
                total++;
                top = false;
            }
        }
        List<Map.Entry<String, Integer>> hottest = new ArrayList<>(samples.entrySet());
        hottest.sort(
                Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()));
        StringBuilder table =
                new StringBuilder("| samples | % of samples | method |\n|--:|--:|---|\n");
        for (Map.Entry<String, Integer> method :
                hottest.subList(0, Math.min(SHOWN, hottest.size()))) {
            table.append(
                    String.format(
                            Locale.ROOT,
                            "| %d | %.1f | `%s` |%n",
                            method.getValue(),
                            100.0 * method.getValue() / total,
                            method.getKey().replace("|", "\\|")));
        }
        return table.toString();
    }
}
