package dev.ferry.benchmarks;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ${name}} and {@code ${name:-default}} placeholders of a benchmark's Flink SQL script.
 * A value comes from the {@code name=value} arguments, else from the environment variable
 * FERRY_SQL_&lt;name&gt; (where passwords come from, so that no command line shows them), else from
 * the default.
 */
public final class SqlPlaceholders {
    private static final Pattern PLACEHOLDER =
            Pattern.compile("\\$\\{([A-Za-z0-9_]+)(?::-([^}]*))?}");

    private SqlPlaceholders() {}

    /**
     * {@code script} with every placeholder replaced.
     *
     * @throws IllegalArgumentException naming the first placeholder that has no value
     */
    public static String replace(
            String script, Map<String, String> arguments, Map<String, String> environment) {
        Matcher matcher = PLACEHOLDER.matcher(script);
        StringBuilder replaced = new StringBuilder();
        while (matcher.find()) {
            String name = matcher.group(1);
            String value = arguments.get(name);
            if (value == null) {
                value = environment.get("FERRY_SQL_" + name);
            }
            if (value == null) {
                value = matcher.group(2);
            }
            if (value == null) {
                throw new IllegalArgumentException(
                        "no value for ${"
                                + name
                                + "}: pass "
                                + name
                                + "=... or set FERRY_SQL_"
                                + name);
            }
            matcher.appendReplacement(replaced, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(replaced);
        return replaced.toString();
    }
}
