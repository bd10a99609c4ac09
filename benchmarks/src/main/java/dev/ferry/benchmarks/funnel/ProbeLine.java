package dev.ferry.benchmarks.funnel;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A probe's result line ({@code name=value} pairs separated by spaces, see {@link
 * dev.ferry.benchmarks.probe.ResultLine}) read back from its output, where log lines may surround
 * it: the last line that holds the field the caller needs.
 */
public final class ProbeLine {
    private final Map<String, String> fields;

    private ProbeLine(Map<String, String> fields) {
        this.fields = fields;
    }

    /**
     * The last line of {@code output} with a {@code required=} field.
     *
     * @throws IllegalStateException naming {@code what} and the output's last lines when there is
     *     none (the probe failed)
     */
    public static ProbeLine in(String output, String required, String what) {
        List<String> lines = output.lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            Map<String, String> fields = fields(lines.get(i));
            if (fields.containsKey(required)) {
                return new ProbeLine(fields);
            }
        }
        int from = Math.max(0, lines.size() - 3);
        throw new IllegalStateException(
                what
                        + " failed (no "
                        + required
                        + "= in its output): "
                        + String.join(" / ", lines.subList(from, lines.size())));
    }

    private static Map<String, String> fields(String line) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String token : line.strip().split(" ")) {
            int equals = token.indexOf('=');
            if (equals > 0) {
                fields.put(token.substring(0, equals), token.substring(equals + 1));
            }
        }
        return fields;
    }

    /** The field as a number; fails naming it when it is missing or not a whole number. */
    public long number(String name) {
        String value = fields.get(name);
        if (value == null) {
            throw new IllegalStateException("the probe's line has no " + name + "=: " + this);
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(
                    "the probe's " + name + "= is not a whole number: " + value, e);
        }
    }

    /** The seconds from the epoch-ms field {@code from} to the epoch-ms field {@code to}. */
    public double seconds(String from, String to) {
        return (number(to) - number(from)) / 1000.0;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        fields.forEach(
                (k, v) -> text.append(text.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return text.toString();
    }
}
