package dev.ferry.capture.filter;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.Operation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The filter rules that apply to one table: left-out columns (lower case: MySQL's column names are
 * case-insensitive), skipped operations and row expressions, all of which must pass.
 */
record TableFilter(List<String> leftOut, List<Operation> skipped, List<RowExpression> expressions) {

    boolean keepsAll() {
        return leftOut.isEmpty() && skipped.isEmpty() && expressions.isEmpty();
    }

    boolean leavesOut(String column) {
        return leftOut.contains(column.toLowerCase(Locale.ROOT));
    }

    boolean passes(Map<String, Object> row) {
        for (RowExpression expression : expressions) {
            if (!expression.test(row)) {
                return false;
            }
        }
        return true;
    }

    /** The row without the left-out columns; null stays null. */
    Map<String, Object> project(Map<String, Object> row) {
        if (row == null || leftOut.isEmpty()) {
            return row;
        }
        Map<String, Object> kept = new LinkedHashMap<>(row);
        kept.keySet().removeIf(this::leavesOut);
        return kept;
    }

    /** The column names of a filter.columns.exclude value. */
    static List<String> names(String value) {
        return Arrays.stream(value.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }

    /** The operations of a filter.events.skip value: insert, update, delete. */
    static List<Operation> operations(TableRule rule) {
        List<Operation> operations = new ArrayList<>();
        for (String name : names(rule.value())) {
            operations.add(
                    switch (name.toLowerCase(Locale.ROOT)) {
                        case "insert" -> Operation.CREATE;
                        case "update" -> Operation.UPDATE;
                        case "delete" -> Operation.DELETE;
                        default ->
                                throw new FerryConfigException(
                                        rule.option()
                                                + " event type '"
                                                + name
                                                + "' is not insert, update or delete.");
                    });
        }
        return operations;
    }
}
