package dev.ferry.benchmarks.load;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a load run measured, by key ("oltp_write_only-50@2s#1", "big_64", "idle@1s#2"): each a set
 * of named figures, as the script's record/figure kept them. A figure not measured is null, which
 * the report shows as "—".
 */
public final class LoadResults {
    private final Map<String, Map<String, Double>> numbers = new HashMap<>();
    private final Map<String, Map<String, String>> texts = new HashMap<>();

    /** Adds figures to {@code key}'s (NaN counts as not measured). */
    public void record(String key, Map<String, Double> figures) {
        Map<String, Double> kept = numbers.computeIfAbsent(key, k -> new LinkedHashMap<>());
        figures.forEach(
                (name, value) -> kept.put(name, value == null || value.isNaN() ? null : value));
    }

    /** Adds one figure. */
    public void record(String key, String name, Double value) {
        record(key, Map.of(name, value == null ? Double.NaN : value));
    }

    /** Adds a text figure (a partial view's value). */
    public void recordText(String key, String name, String value) {
        texts.computeIfAbsent(key, k -> new LinkedHashMap<>()).put(name, value);
    }

    /** The figure, or null when not measured. */
    public Double figure(String key, String name) {
        Map<String, Double> figures = numbers.get(key);
        return figures == null ? null : figures.get(name);
    }

    /** The text figure, or null. */
    public String text(String key, String name) {
        Map<String, String> figures = texts.get(key);
        return figures == null ? null : figures.get(name);
    }

    /** {@code a / b}, null when either is missing or b is 0. */
    public static Double div(Double a, Double b) {
        return a == null || b == null || b == 0 ? null : a / b;
    }

    /** {@code a + b}, null when either is missing. */
    public static Double plus(Double a, Double b) {
        return a == null || b == null ? null : a + b;
    }

    /** {@code a * b}, null when either is missing. */
    public static Double times(Double a, Double b) {
        return a == null || b == null ? null : a * b;
    }
}
