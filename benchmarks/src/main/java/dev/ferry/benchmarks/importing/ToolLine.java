package dev.ferry.benchmarks.importing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result line a benchmark tool prints ({@code rows=… seconds=1.234 latency_ms_p99=5.1}): the
 * last line of its output holding a given field, read as name=value pairs.
 */
final class ToolLine {
    private final Map<String, String> fields;

    private ToolLine(Map<String, String> fields) {
        this.fields = fields;
    }

    /** The last line of {@code output} with a field {@code field}; an empty line when none has. */
    static ToolLine last(String output, String field) {
        String[] lines = output.split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            ToolLine line = parse(lines[i]);
            if (line.fields.containsKey(field)) {
                return line;
            }
        }
        return new ToolLine(Map.of());
    }

    /** The name=value words of one line; other words are left out. */
    static ToolLine parse(String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String word : line.trim().split("\\s+")) {
            int equals = word.indexOf('=');
            if (equals > 0) {
                fields.put(word.substring(0, equals), word.substring(equals + 1));
            }
        }
        return new ToolLine(fields);
    }

    /** The field as a number; null when absent or not a number. */
    Double number(String name) {
        String value = fields.get(name);
        if (value == null) {
            return null;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
