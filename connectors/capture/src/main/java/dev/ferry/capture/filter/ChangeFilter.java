package dev.ferry.capture.filter;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.options.FilterOptions;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.configuration.ReadableConfig;

/**
 * What the capture leaves out of captured tables (filter.* options): columns, binlog event types
 * and rows outside a row expression. It runs in the capture, before a change is numbered within its
 * upstream transaction, so Kafka carries only what replicates and the transaction's END counts
 * exactly the changes it carries (docs/filters.md).
 */
public final class ChangeFilter implements Serializable {
    private static final long serialVersionUID = 1L;

    private final List<TableRule> columns;
    private final List<TableRule> events;
    private final List<TableRule> rows;

    /** Each table's rules, resolved at its first change: regex matching per change costs. */
    private transient Map<TableId, TableFilter> byTable;

    private ChangeFilter(List<TableRule> columns, List<TableRule> events, List<TableRule> rows) {
        this.columns = columns;
        this.events = events;
        this.rows = rows;
    }

    /** Reads the filter.* options, refusing patterns, event types and expressions that are bad. */
    public static ChangeFilter from(ReadableConfig options) {
        ChangeFilter filter =
                new ChangeFilter(
                        rules(options, FilterOptions.COLUMNS_EXCLUDE),
                        rules(options, FilterOptions.EVENTS_SKIP),
                        rules(options, FilterOptions.ROWS));
        filter.events.forEach(TableFilter::operations);
        filter.rows.forEach(rule -> RowExpression.parse(rule.option(), rule.value()));
        return filter;
    }

    /** A filter that keeps everything. */
    public static ChangeFilter none() {
        return new ChangeFilter(List.of(), List.of(), List.of());
    }

    private static List<TableRule> rules(
            ReadableConfig options,
            org.apache.flink.configuration.ConfigOption<List<String>> option) {
        return TableRule.parseAll(option.key(), options.getOptional(option).orElse(List.of()));
    }

    /**
     * The definitions as replicated: left-out columns removed, with the indexes over them.
     *
     * @throws FerryConfigException when a left-out column is part of a table's replication key, or
     *     a table lacks a column that a rule for it names
     */
    public List<TableSchema> project(List<TableSchema> tables) {
        List<TableSchema> projected = new ArrayList<>(tables.size());
        for (TableSchema table : tables) {
            projected.add(project(table));
        }
        return projected;
    }

    /** One table's definition as replicated; see {@link #project(List)}. */
    public TableSchema project(TableSchema table) {
        TableFilter filter = filterOf(table.tableId());
        check(table, filter);
        if (filter.leftOut().isEmpty()) {
            return table;
        }
        List<ColumnSchema> kept =
                table.columns().stream().filter(c -> !filter.leavesOut(c.name())).toList();
        return new TableSchema(
                table.database(),
                table.table(),
                table.topic(),
                kept,
                table.indexes().stream()
                        .filter(i -> i.columnNames().stream().noneMatch(filter::leavesOut))
                        .toList());
    }

    private static void check(TableSchema table, TableFilter filter) {
        for (String column : filter.leftOut()) {
            if (table.column(column).isEmpty()) {
                throw new FerryConfigException(
                        FilterOptions.COLUMNS_EXCLUDE.key()
                                + " leaves out column '"
                                + column
                                + "', which table "
                                + table.tableId()
                                + " does not have (columns: "
                                + columnNames(table)
                                + "). Fix the column name or the table pattern.");
            }
        }
        table.rowKey()
                .flatMap(key -> key.columnNames().stream().filter(filter::leavesOut).findFirst())
                .ifPresent(
                        column -> {
                            throw new FerryConfigException(
                                    FilterOptions.COLUMNS_EXCLUDE.key()
                                            + " leaves out column '"
                                            + column
                                            + "' of "
                                            + table.tableId()
                                            + ", which is part of the key rows are replicated by."
                                            + " Keep it: without it updates and deletes cannot"
                                            + " find their row downstream.");
                        });
        for (RowExpression expression : filter.expressions()) {
            for (String column : expression.columns()) {
                if (table.columns().stream().noneMatch(c -> c.name().equals(column))) {
                    throw new FerryConfigException(
                            FilterOptions.ROWS.key()
                                    + " expression '"
                                    + expression.text()
                                    + "' reads column '"
                                    + column
                                    + "', which table "
                                    + table.tableId()
                                    + " does not have (columns: "
                                    + columnNames(table)
                                    + "; names are case-sensitive here).");
                }
            }
        }
    }

    private static String columnNames(TableSchema table) {
        return String.join(", ", table.columns().stream().map(ColumnSchema::name).toList());
    }

    /**
     * The change as replicated, or null when it is left out: a skipped event type, or a row outside
     * the row filter. An update that moves its row into the filter becomes an insert, one that
     * moves it out a delete, so the downstream holds exactly the rows that pass. Left-out columns
     * are removed from both images.
     */
    public Kept apply(
            TableId table,
            Operation operation,
            Map<String, Object> before,
            Map<String, Object> after) {
        TableFilter filter = filterOf(table);
        if (filter.keepsAll()) {
            return new Kept(operation, before, after);
        }
        if (filter.skipped().contains(operation)) {
            return null;
        }
        if (!filter.expressions().isEmpty()) {
            boolean beforePasses = before != null && filter.passes(before);
            boolean afterPasses = after != null && filter.passes(after);
            switch (operation) {
                case READ, CREATE -> {
                    if (!afterPasses) {
                        return null;
                    }
                }
                case DELETE -> {
                    if (!beforePasses) {
                        return null;
                    }
                }
                case UPDATE -> {
                    if (!beforePasses && !afterPasses) {
                        return null;
                    }
                    if (!beforePasses) {
                        operation = Operation.CREATE;
                        before = null;
                    } else if (!afterPasses) {
                        operation = Operation.DELETE;
                        after = null;
                    }
                }
            }
        }
        return new Kept(operation, filter.project(before), filter.project(after));
    }

    /** A change that replicates, as it replicates. */
    public record Kept(
            Operation operation, Map<String, Object> before, Map<String, Object> after) {}

    private TableFilter filterOf(TableId table) {
        if (byTable == null) {
            byTable = new HashMap<>();
        }
        return byTable.computeIfAbsent(table, this::resolve);
    }

    private TableFilter resolve(TableId table) {
        return new TableFilter(
                columns.stream()
                        .filter(rule -> rule.appliesTo(table))
                        .flatMap(rule -> TableFilter.names(rule.value()).stream())
                        .map(name -> name.toLowerCase(Locale.ROOT))
                        .distinct()
                        .toList(),
                events.stream()
                        .filter(rule -> rule.appliesTo(table))
                        .flatMap(rule -> TableFilter.operations(rule).stream())
                        .distinct()
                        .toList(),
                rows.stream()
                        .filter(rule -> rule.appliesTo(table))
                        .map(rule -> RowExpression.parse(rule.option(), rule.value()))
                        .toList());
    }
}
