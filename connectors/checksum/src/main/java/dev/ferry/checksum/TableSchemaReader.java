package dev.ferry.checksum;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads both sides' column lists and the source's primary key from information_schema, and decides
 * what is compared.
 */
final class TableSchemaReader {

    private final ComparisonConfig config;

    TableSchemaReader(ComparisonConfig config) {
        this.config = config;
    }

    ComparedTable read(
            Connection source, TableRef sourceTable, Connection target, TableRef targetTable)
            throws SQLException {
        Map<String, Column> sourceColumns = columns(source, sourceTable);
        if (sourceColumns.isEmpty()) {
            throw new IllegalArgumentException(
                    "table " + sourceTable + " does not exist on the source");
        }
        List<String> keyNames = rowKey(source, sourceTable);
        if (keyNames.isEmpty()) {
            throw new IllegalArgumentException(
                    "table "
                            + sourceTable
                            + " has no primary key and no unique key whose columns are all NOT"
                            + " NULL; a row-by-row comparison needs one");
        }
        Map<String, Column> targetColumns = columns(target, targetTable);
        boolean targetMissing = targetColumns.isEmpty();
        Set<String> sourceJson = MariaDbJsonColumns.of(source, sourceTable);
        Set<String> targetJson =
                targetMissing ? Set.of() : MariaDbJsonColumns.of(target, targetTable);

        List<ComparedColumn> compared = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (Map.Entry<String, Column> entry : sourceColumns.entrySet()) {
            Column sourceColumn = entry.getValue();
            Column targetColumn = targetMissing ? sourceColumn : targetColumns.get(entry.getKey());
            if (targetColumn == null) {
                missing.add(sourceColumn.name());
                continue;
            }
            boolean json =
                    sourceColumn.type().equalsIgnoreCase("json")
                            || targetColumn.type().equalsIgnoreCase("json")
                            || sourceJson.contains(entry.getKey())
                            || targetJson.contains(entry.getKey())
                            || config.isJsonColumn(sourceTable.table(), sourceColumn.name());
            ValueKind kind = json ? ValueKind.JSON : ValueKind.of(sourceColumn.type());
            compared.add(
                    new ComparedColumn(
                            sourceColumn.name(), kind, sourceColumn.type(), targetColumn.type()));
        }

        List<Integer> keyIndexes = new ArrayList<>();
        for (String keyName : keyNames) {
            int index = indexOf(compared, keyName);
            if (index < 0) {
                throw new IllegalArgumentException(
                        "key column "
                                + keyName
                                + " of "
                                + sourceTable
                                + " is missing on the target "
                                + targetTable);
            }
            checkKeyType(sourceTable, compared.get(index));
            keyIndexes.add(index);
        }
        return new ComparedTable(
                sourceTable, targetTable, compared, keyIndexes, missing, targetMissing);
    }

    /** Base tables of one database, by name. */
    static List<String> baseTables(Connection connection, String database) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (PreparedStatement statement = connection.prepareStatement(SqlResources.BASE_TABLES)) {
            statement.setString(1, database);
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
        }
        return tables;
    }

    private static void checkKeyType(TableRef table, ComparedColumn key) {
        String type = key.sourceType().toLowerCase(Locale.ROOT);
        // ENUM and SET sort by their index but compare with a bound string as text, so keyset
        // pagination over them would skip or repeat rows.
        if (type.equals("enum") || type.equals("set") || key.kind() == ValueKind.JSON) {
            throw new IllegalArgumentException(
                    "key column "
                            + key.name()
                            + " of "
                            + table
                            + " has type "
                            + type
                            + ", which keyset pagination cannot use");
        }
    }

    private static int indexOf(List<ComparedColumn> columns, String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Columns by lower-case name (MySQL column names are case-insensitive), in table order. */
    private static Map<String, Column> columns(Connection connection, TableRef table)
            throws SQLException {
        Map<String, Column> columns = new LinkedHashMap<>();
        try (PreparedStatement statement =
                connection.prepareStatement(SqlResources.TABLE_COLUMNS)) {
            statement.setString(1, table.database());
            statement.setString(2, table.table());
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    Column column = new Column(rows.getString(1), rows.getString(2));
                    columns.put(column.name().toLowerCase(Locale.ROOT), column);
                }
            }
        }
        return columns;
    }

    /**
     * The key rows are compared by: the primary key, or else the NOT NULL unique key with the
     * fewest columns, then the first by name (the key ferry replicates such a table by).
     */
    static List<String> rowKey(Connection connection, TableRef table) throws SQLException {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        Set<String> nullable = new HashSet<>();
        try (PreparedStatement statement = connection.prepareStatement(SqlResources.KEY_COLUMNS)) {
            statement.setString(1, table.database());
            statement.setString(2, table.table());
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    String index = rows.getString(1);
                    keys.computeIfAbsent(index, k -> new ArrayList<>()).add(rows.getString(2));
                    if ("YES".equalsIgnoreCase(rows.getString(3))) {
                        nullable.add(index);
                    }
                }
            }
        }
        if (keys.containsKey("PRIMARY")) {
            return keys.get("PRIMARY");
        }
        return keys.entrySet().stream()
                .filter(key -> !nullable.contains(key.getKey()))
                .min(
                        Comparator.<Map.Entry<String, List<String>>>comparingInt(
                                        key -> key.getValue().size())
                                .thenComparing(Map.Entry::getKey))
                .map(Map.Entry::getValue)
                .orElse(List.of());
    }

    private record Column(String name, String type) {}
}
