package dev.ferry.it.sql;

import java.util.ArrayList;
import java.util.List;

/** Splits a Flink SQL client script into statements, dropping comment lines. */
final class SqlScript {
    private SqlScript() {}

    private static final java.util.regex.Pattern SET =
            java.util.regex.Pattern.compile("(?is)SET\\s+'([^']+)'\\s*=\\s*'([^']*)'");

    /** The key and value of a {@code SET 'key' = 'value'} statement, or null for others. */
    static java.util.Map.Entry<String, String> setting(String statement) {
        java.util.regex.Matcher matcher = SET.matcher(statement.strip());
        return matcher.matches() ? java.util.Map.entry(matcher.group(1), matcher.group(2)) : null;
    }

    static List<String> statements(String script) {
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
