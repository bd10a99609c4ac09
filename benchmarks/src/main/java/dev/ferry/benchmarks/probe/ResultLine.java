package dev.ferry.benchmarks.probe;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a probe prints for its script: one line of {@code name=value} pairs, in the order added,
 * read in bash with {@code sed -n 's/.* name=\([^ ]*\).*\/\1/p'}. Values never contain spaces.
 */
public final class ResultLine {
    private final Map<String, String> fields = new LinkedHashMap<>();

    public ResultLine put(String name, long value) {
        return put(name, Long.toString(value));
    }

    public ResultLine put(String name, String value) {
        if (value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(
                    "value of " + name + " must be a non-empty word: '" + value + "'");
        }
        fields.put(name, value);
        return this;
    }

    /** The value added under {@code name}, or null. */
    public String get(String name) {
        return fields.get(name);
    }

    @Override
    public String toString() {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
    }
}
