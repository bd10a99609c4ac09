package dev.ferry.benchmarks.incremental;

import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of Heartbeat's result line ("sent=… arrived=… p50_ms=… p95_ms=… p99_ms=… max_ms=…")
 * as a live run's fields; those the line lacks stay absent.
 */
final class HeartbeatFigures {
    private static final Map<String, LiveField> NAMES =
            Map.of(
                    "sent", LiveField.HB_SENT,
                    "arrived", LiveField.HB_ARRIVED,
                    "p50_ms", LiveField.D50,
                    "p95_ms", LiveField.D95,
                    "p99_ms", LiveField.D99,
                    "max_ms", LiveField.DMAX);

    private HeartbeatFigures() {}

    static Map<LiveField, Double> parse(String line) {
        Map<LiveField, Double> figures = new EnumMap<>(LiveField.class);
        if (line == null) {
            return figures;
        }
        NAMES.forEach(
                (name, field) -> {
                    Matcher value =
                            Pattern.compile("(?:^|\\s)" + name + "=([0-9.]+)").matcher(line);
                    if (value.find()) {
                        figures.put(field, Double.parseDouble(value.group(1)));
                    }
                });
        return figures;
    }
}
