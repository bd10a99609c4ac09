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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a table's columns and indexes from the upstream's information_schema. */
final class TableSchemaReader {
    private static final String COLUMNS = SqlResource.load(TableSchemaReader.class, "columns.sql");
    private static final String INDEXES = SqlResource.load(TableSchemaReader.class, "indexes.sql");
    private static final String JSON_CHECKS =
            SqlResource.load(TableSchemaReader.class, "json-checks.sql");
    private static final Pattern JSON_VALID =
            Pattern.compile("json_valid\\(`((?:[^`]|``)+)`\\)", Pattern.CASE_INSENSITIVE);

    private final Connection connection;

    TableSchemaReader(Connection connection) {
        this.connection = connection;
    }

    TableSchema read(TableId table, String topic) throws SQLException {
        Set<String> jsonColumns = jsonCheckedColumns(table);
        List<ColumnSchema> columns = new ArrayList<>();
        try (PreparedStatement statement = prepare(COLUMNS, table);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                String name = rows.getString("COLUMN_NAME");
                String dataType = rows.getString("DATA_TYPE").toLowerCase(Locale.ROOT);
                columns.add(
                        new ColumnSchema(
                                name,
                                rows.getString("COLUMN_TYPE"),
                                dataType,
                                "YES".equals(rows.getString("IS_NULLABLE")),
                                dataType.equals("json") || jsonColumns.contains(name),
                                rows.getString("CHARACTER_SET_NAME"),
                                rows.getString("COLLATION_NAME"),
                                defaultExpression(
                                        rows.getString("COLUMN_DEFAULT"),
                                        rows.getString("EXTRA"))));
            }
        }
        return new TableSchema(table.database(), table.table(), topic, columns, indexes(table));
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

    private List<IndexSchema> indexes(TableId table) throws SQLException {
        Map<String, List<IndexSchema.IndexColumn>> columnsByIndex = new LinkedHashMap<>();
        Map<String, Boolean> unique = new LinkedHashMap<>();
        try (PreparedStatement statement = prepare(INDEXES, table);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                String index = rows.getString("INDEX_NAME");
                int subPart = rows.getInt("SUB_PART");
                Integer prefix = rows.wasNull() ? null : subPart;
                columnsByIndex
                        .computeIfAbsent(index, k -> new ArrayList<>())
                        .add(new IndexSchema.IndexColumn(rows.getString("COLUMN_NAME"), prefix));
                unique.put(index, rows.getInt("NON_UNIQUE") == 0);
            }
        }
        List<IndexSchema> indexes = new ArrayList<>();
        columnsByIndex.forEach(
                (name, columns) ->
                        indexes.add(
                                new IndexSchema(
                                        name,
                                        name.equals("PRIMARY"),
                                        unique.get(name),
                                        List.copyOf(columns))));
        return indexes;
    }

    /** Columns guarded by json_valid(); empty where the server has no CHECK_CONSTRAINTS view. */
    private Set<String> jsonCheckedColumns(TableId table) {
        Set<String> columns = new HashSet<>();
        try (PreparedStatement statement = prepare(JSON_CHECKS, table);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                Matcher matcher = JSON_VALID.matcher(rows.getString(1));
                while (matcher.find()) {
                    columns.add(matcher.group(1).replace("``", "`"));
                }
            }
        } catch (SQLException e) {
            // MySQL before 8.0.16 has no CHECK_CONSTRAINTS; its JSON columns say 'json' anyway.
        }
        return columns;
    }

    private PreparedStatement prepare(String sql, TableId table) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setString(1, table.database());
        statement.setString(2, table.table());
        return statement;
    }
}
