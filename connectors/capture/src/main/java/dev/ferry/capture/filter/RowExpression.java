package dev.ferry.capture.filter;

import dev.ferry.config.FerryConfigException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.jexl3.JexlBuilder;
import org.apache.commons.jexl3.JexlEngine;
import org.apache.commons.jexl3.JexlException;
import org.apache.commons.jexl3.JexlFeatures;
import org.apache.commons.jexl3.JexlScript;
import org.apache.commons.jexl3.MapContext;
import org.apache.commons.jexl3.introspection.JexlPermissions;

/**
 * A row filter's expression (Apache Commons JEXL) over the row's columns. Only operators, literals
 * and column names: no method calls, no property access, no object creation, loops, assignments or
 * lambdas (each refused when it is parsed), and no class reachable at all (no permissions), so an
 * expression can read the row and nothing else.
 */
final class RowExpression {
    private static final JexlEngine ENGINE =
            new JexlBuilder()
                    .features(JexlFeatures.createNone())
                    .permissions(JexlPermissions.parse("")) // no package, class or method
                    .strict(true)
                    .safe(false)
                    .silent(false)
                    .cache(0)
                    .create();

    private final String text;
    private final JexlScript script;

    private final Set<String> columns;

    private RowExpression(String text, JexlScript script) {
        this.text = text;
        this.script = script;
        this.columns =
                script.getVariables().stream()
                        .map(variable -> variable.get(0))
                        .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * @param option the option it came from, for messages
     * @throws FerryConfigException when the expression does not parse or uses a forbidden feature
     */
    static RowExpression parse(String option, String text) {
        try {
            JexlScript script = ENGINE.createScript(text);
            for (List<String> variable : script.getVariables()) {
                if (variable.size() != 1) {
                    throw new FerryConfigException(
                            option
                                    + " expression '"
                                    + text
                                    + "' reads '"
                                    + String.join(".", variable)
                                    + "': only column names are allowed, no property access.");
                }
            }
            return new RowExpression(text, script);
        } catch (JexlException e) {
            throw new FerryConfigException(
                    option
                            + " expression '"
                            + text
                            + "' does not parse: "
                            + e.getMessage()
                            + ". It takes column names, literals and operators (== != < <= > >="
                            + " && || ! + - * / % =~ !~ =^ =$ empty size ?: ?? and parentheses).",
                    e);
        }
    }

    String text() {
        return text;
    }

    /** The column names the expression reads. */
    Set<String> columns() {
        return columns;
    }

    /**
     * Whether the row passes. As in SQL, a row whose NULL in a column the expression reads makes it
     * fail (a comparison or arithmetic with NULL) does not pass; {@code column == null} tests for
     * NULL. Any other failure, or a result that is not a boolean, is an error naming the
     * expression.
     */
    boolean test(Map<String, Object> row) {
        Object result;
        try {
            result = script.execute(new MapContext(row));
        } catch (JexlException e) {
            if (columns().stream().anyMatch(column -> row.get(column) == null)) {
                return false;
            }
            throw new IllegalStateException(
                    "row filter '" + text + "' failed on a row: " + e.getMessage(), e);
        }
        if (result instanceof Boolean passes) {
            return passes;
        }
        throw new IllegalStateException(
                "row filter '"
                        + text
                        + "' yielded "
                        + (result == null ? "null" : result.getClass().getSimpleName())
                        + " instead of true or false; compare the columns, e.g. 'amount > 0'.");
    }
}
