package dev.ferry.capture.route;

import dev.ferry.capture.filter.TableRule;
import dev.ferry.capture.kafka.TopicRouting;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.options.RouteOptions;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.ReadableConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes captured tables to their downstream tables (route.* options): many shards into one target,
 * with source columns added where keys collide. It runs in the capture, so the change topics, the
 * schema topic and each transaction's END name the target: an upstream transaction that touches
 * several shards is one transaction on the merged table, applied whole as any other.
 */
public final class TableRouter implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(TableRouter.class);
    private static final Pattern COLUMN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final List<TableRule> routes;
    private final List<TableRule> sourceColumns;

    /** Each target's shape as one of its sources has it (set by {@link #definitions}). */
    private final Map<TableId, TableSchema> shapes = new HashMap<>();

    private transient Map<TableId, Route> byTable;

    /** How many changes may wait for a shard DDL (route.ddl.max-held-changes). */
    private final int maxHeldChanges;

    private TableRouter(List<TableRule> routes, List<TableRule> sourceColumns, int maxHeldChanges) {
        this.routes = routes;
        this.sourceColumns = sourceColumns;
        this.maxHeldChanges = maxHeldChanges;
    }

    /** How many changes may wait in the capture for the other shards to run a DDL statement. */
    public int maxHeldChanges() {
        return maxHeldChanges;
    }

    /** Reads the route.* options, refusing bad patterns, targets and column values. */
    public static TableRouter from(ReadableConfig options) {
        TableRouter router =
                new TableRouter(
                        TableRule.parseAll(
                                RouteOptions.TABLES.key(),
                                options.getOptional(RouteOptions.TABLES).orElse(List.of())),
                        TableRule.parseAll(
                                RouteOptions.SOURCE_COLUMNS.key(),
                                options.getOptional(RouteOptions.SOURCE_COLUMNS).orElse(List.of())),
                        options.get(RouteOptions.DDL_MAX_HELD_CHANGES));
        if (router.maxHeldChanges < 1) {
            throw new FerryConfigException(
                    RouteOptions.DDL_MAX_HELD_CHANGES.key()
                            + " is "
                            + router.maxHeldChanges
                            + "; it must be at least 1.");
        }
        router.sourceColumns.forEach(rule -> addedColumns(rule, TableId.of("db", "t")));
        return router;
    }

    /** A router that writes every table to itself. */
    public static TableRouter none() {
        return new TableRouter(
                List.of(), List.of(), RouteOptions.DDL_MAX_HELD_CHANGES.defaultValue());
    }

    /** The route of a source table. */
    public Route routeOf(TableId source) {
        if (byTable == null) {
            byTable = new HashMap<>();
        }
        return byTable.computeIfAbsent(source, this::resolve);
    }

    private Route resolve(TableId source) {
        if (routes.isEmpty() && sourceColumns.isEmpty()) {
            return Route.identity(source);
        }
        TableId target = source;
        String name = source.qualifiedName();
        for (TableRule rule : routes) {
            Matcher matcher = rule.tables().matcher(name);
            if (matcher.matches()) {
                String expanded = matcher.replaceFirst(rule.value());
                try {
                    target = TableId.parse(expanded);
                } catch (IllegalArgumentException e) {
                    throw new FerryConfigException(
                            RouteOptions.TABLES.key()
                                    + " entry '"
                                    + rule.tables().pattern()
                                    + ":"
                                    + rule.value()
                                    + "' routes "
                                    + source
                                    + " to '"
                                    + expanded
                                    + "', which is not 'database.table'.");
                }
                break;
            }
        }
        Map<String, String> added = new LinkedHashMap<>();
        for (TableRule rule : sourceColumns) {
            if (rule.appliesTo(source)) {
                added.putAll(addedColumns(rule, source));
            }
        }
        return new Route(source, target, added.isEmpty() ? Map.of() : added);
    }

    /** The columns one route.source-columns entry adds to a source table's rows. */
    private static Map<String, String> addedColumns(TableRule rule, TableId source) {
        Map<String, String> added = new LinkedHashMap<>();
        for (String assignment : rule.value().split(",")) {
            int equals = assignment.indexOf('=');
            String column = equals < 0 ? "" : assignment.substring(0, equals).strip();
            String value = equals < 0 ? "" : assignment.substring(equals + 1).strip();
            if (!COLUMN.matcher(column).matches()) {
                throw new FerryConfigException(
                        RouteOptions.SOURCE_COLUMNS.key()
                                + " entry '"
                                + assignment.strip()
                                + "' is not 'column=database', 'column=table' or"
                                + " 'column='constant''.");
            }
            if (value.equals("database")) {
                added.put(column, source.database());
            } else if (value.equals("table")) {
                added.put(column, source.table());
            } else if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
                added.put(column, value.substring(1, value.length() - 1));
            } else {
                throw new FerryConfigException(
                        RouteOptions.SOURCE_COLUMNS.key()
                                + " value '"
                                + value
                                + "' of column "
                                + column
                                + " is not database, table or a quoted constant like 'eu'.");
            }
        }
        return added;
    }

    /**
     * The definitions the downstream gets for {@code sources} (as they replicate): each target
     * once, with the source columns added to its columns and to its primary and unique keys.
     *
     * @throws FerryConfigException naming the shards when sources of one target differ, or when a
     *     source column is already a column of the table
     */
    public List<TableSchema> definitions(List<TableSchema> sources, TopicRouting topics) {
        return definitions(sources, topics, false);
    }

    /**
     * The definitions the downstream gets for {@code sources}, as {@link #definitions(List,
     * TopicRouting)}; but a capture that resumes from its state may find shards that differ: a
     * shard DDL that some have run and others not yet, which the restored {@link
     * ShardDdlCoordinator} waits for. Such a target is left out (the schema topic keeps its last
     * definition).
     */
    public List<TableSchema> definitions(
            List<TableSchema> sources, TopicRouting topics, boolean resuming) {
        Map<TableId, TableSchema> targets = new LinkedHashMap<>();
        Map<TableId, TableId> firstSource = new HashMap<>();
        for (TableSchema source : sources) {
            Route route = routeOf(source.tableId());
            if (!route.changesRows()) {
                targets.put(source.tableId(), source);
                continue;
            }
            TableSchema shape = shapes.get(route.target());
            if (shape == null) {
                shapes.put(route.target(), source);
                firstSource.put(route.target(), source.tableId());
                targets.put(route.target(), target(route, source, topics));
            } else {
                String difference = difference(shape, source);
                if (difference != null && resuming) {
                    LOG.warn(
                            "The shards {} and {} of {} differ ({}): a shard DDL run by some"
                                    + " shards only; the target takes it once every shard has"
                                    + " run it",
                            firstSource.get(route.target()),
                            source.tableId(),
                            route.target(),
                            difference);
                    targets.remove(route.target());
                } else if (difference != null) {
                    throw new FerryConfigException(
                            "route.tables merges "
                                    + firstSource.get(route.target())
                                    + " and "
                                    + source.tableId()
                                    + " into "
                                    + route.target()
                                    + ", but their definitions differ ("
                                    + difference
                                    + "). Make the shards' definitions equal, or route them to"
                                    + " different tables.");
                }
            }
        }
        return new ArrayList<>(targets.values());
    }

    private static TableSchema target(Route route, TableSchema source, TopicRouting topics) {
        List<ColumnSchema> columns = new ArrayList<>(source.columns());
        for (String column : route.added().keySet()) {
            if (source.column(column).isPresent()) {
                throw new FerryConfigException(
                        RouteOptions.SOURCE_COLUMNS.key()
                                + " adds column "
                                + column
                                + " to "
                                + source.tableId()
                                + ", which already has one of that name: choose another name.");
            }
            columns.add(
                    new ColumnSchema(
                            column,
                            "varchar(255)",
                            "varchar",
                            false,
                            false,
                            "utf8mb4",
                            "utf8mb4_bin",
                            null));
        }
        List<IndexSchema> indexes = new ArrayList<>();
        for (IndexSchema index : source.indexes()) {
            if (!index.unique()) {
                indexes.add(index);
                continue;
            }
            List<IndexSchema.IndexColumn> keyColumns = new ArrayList<>(index.columns());
            route.added()
                    .keySet()
                    .forEach(c -> keyColumns.add(new IndexSchema.IndexColumn(c, null)));
            indexes.add(new IndexSchema(index.name(), index.primary(), true, keyColumns));
        }
        TableId target = route.target();
        return new TableSchema(
                target.database(), target.table(), topics.topicOf(target), columns, indexes);
    }

    /** What differs between two shards' (or targets') definitions, or null. */
    static String difference(TableSchema first, TableSchema other) {
        if (!first.columns().equals(other.columns())) {
            for (int i = 0; i < Math.max(first.columns().size(), other.columns().size()); i++) {
                ColumnSchema a = i < first.columns().size() ? first.columns().get(i) : null;
                ColumnSchema b = i < other.columns().size() ? other.columns().get(i) : null;
                if (a == null || !a.equals(b)) {
                    return "column "
                            + (i + 1)
                            + ": "
                            + describe(a)
                            + " in "
                            + first.tableId()
                            + ", "
                            + describe(b)
                            + " in "
                            + other.tableId();
                }
            }
        }
        if (!first.rowKey()
                .map(IndexSchema::columnNames)
                .equals(other.rowKey().map(IndexSchema::columnNames))) {
            return "key "
                    + first.rowKey().map(IndexSchema::columnNames).orElse(List.of())
                    + " in "
                    + first.tableId()
                    + ", "
                    + other.rowKey().map(IndexSchema::columnNames).orElse(List.of())
                    + " in "
                    + other.tableId();
        }
        return null;
    }

    private static String describe(ColumnSchema column) {
        return column == null ? "none" : column.name() + " " + column.columnType();
    }

    /**
     * A DDL statement of a merged shard in its target's form, for {@link ShardDdlCoordinator}: an
     * ALTER TABLE (which the target takes once every shard has run it), or the creation of a shard
     * (which joins the target when its definition is the target's). Empty for a table written to
     * itself.
     *
     * @throws IllegalStateException naming the shard, its target and the statement, for any other
     *     DDL of a routed table (RENAME, TRUNCATE, DROP): the capture stops before it
     */
    public Optional<SchemaChange> mergedShardChange(SchemaChange change, TopicRouting topics) {
        Route route = routeOf(change.table());
        Route previous = change.previousTable() == null ? null : routeOf(change.previousTable());
        if (!route.changesRows() && (previous == null || !previous.changesRows())) {
            return Optional.empty();
        }
        boolean coordinated =
                (change.kind() == SchemaChange.Kind.ALTER
                                || change.kind() == SchemaChange.Kind.CREATE)
                        && previous == null
                        && change.definition() != null;
        if (!coordinated) {
            throw new IllegalStateException(
                    "DDL on "
                            + change.table()
                            + ", which route.tables merges into "
                            + route.target()
                            + ", is not replicated: '"
                            + change.ddl()
                            + "'. The capture stops before the statement, so nothing is lost;"
                            + " merged shards take ALTER TABLE and CREATE TABLE only"
                            + " (docs/filters.md, Routing).");
        }
        return Optional.of(
                new SchemaChange(
                        change.kind(),
                        change.ddl(),
                        route.target(),
                        null,
                        targetDefinition(change.definition(), topics)));
    }

    /** A source table's definition as its target has it: with the source columns added. */
    public TableSchema targetDefinition(TableSchema source, TopicRouting topics) {
        return target(routeOf(source.tableId()), source, topics);
    }
}
