package dev.ferry.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Flink SQL client scripts: splits them into statements, dropping comment lines, and
 * recognises the client's own {@code SET 'key' = 'value'} statement.
 */
public final class SqlScript {
    private SqlScript() {}

    private static final Pattern SET = Pattern.compile("(?is)SET\\s+'([^']+)'\\s*=\\s*'([^']*)'");

    /** The key and value of a {@code SET 'key' = 'value'} statement, or null for others. */
    public static Map.Entry<String, String> setting(String statement) {
        Matcher matcher = SET.matcher(statement.strip());
        return matcher.matches() ? Map.entry(matcher.group(1), matcher.group(2)) : null;
    }

    public static List<String> statements(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("--") || trimmed.isEmpty()) {
                continue;
            }
            current.append(line).append('\n');
            if (trimmed.endsWith(";")) {
                String statement = current.toString().strip();
                statements.add(statement.substring(0, statement.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            statements.add(current.toString().strip());
        }
        return statements;
    }
}
