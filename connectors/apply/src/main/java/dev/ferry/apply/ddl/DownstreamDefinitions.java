package dev.ferry.apply.ddl;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a downstream table's current definition (columns and indexes) from information_schema, in
 * the schema topic's form, so that a DDL statement is compared with what the downstream has before
 * anything runs.
 */
public final class DownstreamDefinitions {
    private static final String COLUMNS =
            SqlResource.load(DownstreamDefinitions.class, "definition-columns.sql");
    private static final String INDEXES =
            SqlResource.load(DownstreamDefinitions.class, "definition-indexes.sql");

    private DownstreamDefinitions() {}

    /** The table's definition, null when it does not exist. */
    public static TableSchema read(Connection connection, TableId table) throws SQLException {
        List<ColumnSchema> columns = new ArrayList<>();
        try (PreparedStatement statement = prepare(connection, COLUMNS, table);
                ResultSet rows = statement.executeQuery()) {
            while (rows.next()) {
                String dataType = rows.getString("DATA_TYPE").toLowerCase(Locale.ROOT);
                columns.add(
                        new ColumnSchema(
                                rows.getString("COLUMN_NAME"),
                                rows.getString("COLUMN_TYPE").toLowerCase(Locale.ROOT),
                                dataType,
                                "YES".equals(rows.getString("IS_NULLABLE")),
                                dataType.equals("json"),
                                rows.getString("CHARACTER_SET_NAME"),
                                rows.getString("COLLATION_NAME"),
                                rows.getString("COLUMN_DEFAULT")));
            }
        }
        if (columns.isEmpty()) {
            return null;
        }
        Map<String, List<IndexSchema.IndexColumn>> columnsByIndex = new LinkedHashMap<>();
        Map<String, Boolean> unique = new LinkedHashMap<>();
        try (PreparedStatement statement = prepare(connection, INDEXES, table);
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
                (name, indexColumns) ->
                        indexes.add(
                                new IndexSchema(
                                        name,
                                        name.equals("PRIMARY"),
                                        unique.get(name),
                                        List.copyOf(indexColumns))));
        return new TableSchema(table.database(), table.table(), null, columns, indexes);
    }

    private static PreparedStatement prepare(Connection connection, String sql, TableId table)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setString(1, table.database());
        statement.setString(2, table.table());
        return statement;
    }
}
