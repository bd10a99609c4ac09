package dev.ferry.capture.preflight;

import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.SqlResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads tables' columns and indexes from the upstream's information_schema: three queries per
 * database, whatever the number of its tables.
 */
final class TableSchemaReader {
    private static final String COLUMNS =
            SqlResource.load(TableSchemaReader.class, "database-columns.sql");
    private static final String INDEXES =
            SqlResource.load(TableSchemaReader.class, "database-indexes.sql");
    private static final String JSON_CHECKS =
            SqlResource.load(TableSchemaReader.class, "database-json-checks.sql");
    private static final Pattern JSON_VALID =
            Pattern.compile("json_valid\\(`((?:[^`]|``)+)`\\)", Pattern.CASE_INSENSITIVE);

    private final Connection connection;

    TableSchemaReader(Connection connection) {
        this.connection = connection;
    }

    /** One table's definition (no columns when it does not exist). */
    TableSchema read(TableId table, String topic) throws SQLException {
        return readAll(List.of(table), t -> topic).get(0);
    }

    /**
     * The definitions of {@code tables}, in their order, each with the topic {@code topicOf} gives.
     */
    List<TableSchema> readAll(List<TableId> tables, Function<TableId, String> topicOf)
            throws SQLException {
        Map<String, Set<String>> wanted = new LinkedHashMap<>();
        for (TableId table : tables) {
            wanted.computeIfAbsent(table.database(), d -> new HashSet<>()).add(table.table());
        }
        Map<TableId, TableSchema> schemas = new HashMap<>();
        for (Map.Entry<String, Set<String>> database : wanted.entrySet()) {
            String name = database.getKey();
            Map<String, Set<String>> jsonColumns = jsonCheckedColumns(name);
            Map<String, List<ColumnSchema>> columns =
                    columns(name, database.getValue(), jsonColumns);
            Map<String, List<IndexSchema>> indexes = indexes(name, database.getValue());
            for (String table : database.getValue()) {
                TableId id = TableId.of(name, table);
                schemas.put(
                        id,
                        new TableSchema(
                                name,
                                table,
                                topicOf.apply(id),
                                columns.getOrDefault(table, List.of()),
                                indexes.getOrDefault(table, List.of())));
            }
        }
        List<TableSchema> ordered = new ArrayList<>(tables.size());
        for (TableId table : tables) {
            ordered.add(schemas.get(table));
        }
        return ordered;
    }

    private Map<String, List<ColumnSchema>> columns(
            String database, Set<String> tables, Map<String, Set<String>> jsonColumns)
            throws SQLException {
        Map<String, List<ColumnSchema>> columns = new HashMap<>();
        try (PreparedStatement statement = prepare(COLUMNS, database);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                String table = rows.getString("TABLE_NAME");
                if (!tables.contains(table)) {
                    continue;
                }
                String name = rows.getString("COLUMN_NAME");
                String dataType = rows.getString("DATA_TYPE").toLowerCase(Locale.ROOT);
                columns.computeIfAbsent(table, t -> new ArrayList<>())
                        .add(
                                new ColumnSchema(
                                        name,
                                        rows.getString("COLUMN_TYPE"),
                                        dataType,
                                        "YES".equals(rows.getString("IS_NULLABLE")),
                                        dataType.equals("json")
                                                || jsonColumns
                                                        .getOrDefault(table, Set.of())
                                                        .contains(name),
                                        rows.getString("CHARACTER_SET_NAME"),
                                        rows.getString("COLLATION_NAME"),
                                        defaultExpression(
                                                rows.getString("COLUMN_DEFAULT"),
                                                rows.getString("EXTRA"))));
            }
        }
        return columns;
    }

    /**
     * The default as an SQL expression. MariaDB (10.2.7 on) reports it as one already ('text',
     * NULL, current_timestamp()); MySQL reports a literal's bare value, and an expression's text
     * with DEFAULT_GENERATED in EXTRA.
     */
    private String defaultExpression(String columnDefault, String extra) throws SQLException {
        if (columnDefault == null) {
            return null;
        }
        if (isMariaDb()) {
            return columnDefault;
        }
        if (extra != null && extra.toUpperCase(Locale.ROOT).contains("DEFAULT_GENERATED")) {
            return columnDefault.toUpperCase(Locale.ROOT).startsWith("CURRENT_TIMESTAMP")
                    ? columnDefault
                    : "(" + columnDefault + ")";
        }
        return "'" + columnDefault.replace("\\", "\\\\").replace("'", "''") + "'";
    }

    private Boolean mariaDb;

    private boolean isMariaDb() throws SQLException {
        if (mariaDb == null) {
            mariaDb =
                    connection
                            .getMetaData()
                            .getDatabaseProductVersion()
                            .toLowerCase(Locale.ROOT)
                            .contains("mariadb");
        }
        return mariaDb;
    }

    private Map<String, List<IndexSchema>> indexes(String database, Set<String> tables)
            throws SQLException {
        Map<String, Map<String, List<IndexSchema.IndexColumn>>> columnsByIndex = new HashMap<>();
        Map<String, Map<String, Boolean>> unique = new HashMap<>();
        try (PreparedStatement statement = prepare(INDEXES, database);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                String table = rows.getString("TABLE_NAME");
                if (!tables.contains(table)) {
                    continue;
                }
                String index = rows.getString("INDEX_NAME");
                int subPart = rows.getInt("SUB_PART");
                Integer prefix = rows.wasNull() ? null : subPart;
                columnsByIndex
                        .computeIfAbsent(table, t -> new LinkedHashMap<>())
                        .computeIfAbsent(index, k -> new ArrayList<>())
                        .add(new IndexSchema.IndexColumn(rows.getString("COLUMN_NAME"), prefix));
                unique.computeIfAbsent(table, t -> new HashMap<>())
                        .put(index, rows.getInt("NON_UNIQUE") == 0);
            }
        }
        Map<String, List<IndexSchema>> indexes = new HashMap<>();
        columnsByIndex.forEach(
                (table, byIndex) -> {
                    List<IndexSchema> list = new ArrayList<>();
                    byIndex.forEach(
                            (name, columns) ->
                                    list.add(
                                            new IndexSchema(
                                                    name,
                                                    name.equals("PRIMARY"),
                                                    unique.get(table).get(name),
                                                    List.copyOf(columns))));
                    indexes.put(table, list);
                });
        return indexes;
    }

    /**
     * Per table, the columns guarded by json_valid(); empty where the server has no
     * CHECK_CONSTRAINTS view.
     */
    private Map<String, Set<String>> jsonCheckedColumns(String database) {
        Map<String, Set<String>> columns = new HashMap<>();
        try (PreparedStatement statement = prepare(JSON_CHECKS, database);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                Matcher matcher = JSON_VALID.matcher(rows.getString(2));
                while (matcher.find()) {
                    columns.computeIfAbsent(rows.getString(1), t -> new HashSet<>())
                            .add(matcher.group(1).replace("``", "`"));
                }
            }
        } catch (SQLException e) {
            // MySQL before 8.0.16 has no CHECK_CONSTRAINTS; its JSON columns say 'json' anyway.
        }
        return columns;
    }

    private PreparedStatement prepare(String sql, String database) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setString(1, database);
        return statement;
    }
}
