package dev.ferry.apply.catalog;

import static dev.ferry.apply.statement.Identifiers.quote;

import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Writes the CREATE TABLE for a downstream copy of an upstream table, in SQL that TiDB accepts:
 * MariaDB's JSON-as-LONGTEXT becomes JSON, defaults and auto-increment are left out (replication
 * writes every column), and collations TiDB lacks fall back to the charset's default.
 */
public final class CreateTableStatement {
    /** Collations that TiDB supports; others are left to the character set's default. */
    private static final Set<String> PORTABLE_COLLATIONS =
            Set.of(
                    "utf8mb4_bin",
                    "utf8mb4_general_ci",
                    "utf8mb4_unicode_ci",
                    "utf8mb4_0900_ai_ci",
                    "utf8mb4_0900_bin",
                    "utf8_bin",
                    "utf8_general_ci",
                    "utf8_unicode_ci",
                    "ascii_bin",
                    "latin1_bin",
                    "binary");

    private CreateTableStatement() {}

    public static String createDatabase(String database) {
        return "CREATE DATABASE IF NOT EXISTS " + quote(database);
    }

    public static String createTable(TableSchema schema) {
        List<String> lines = new ArrayList<>();
        for (ColumnSchema column : schema.columns()) {
            lines.add(columnDefinition(column));
        }
        for (IndexSchema index : schema.indexes()) {
            lines.add(indexDefinition(index));
        }
        return "CREATE TABLE IF NOT EXISTS "
                + quote(schema.tableId())
                + " (\n  "
                + String.join(",\n  ", lines)
                + "\n) DEFAULT CHARSET=utf8mb4";
    }

    private static String columnDefinition(ColumnSchema column) {
        return columnDefinition(column, false);
    }

    /**
     * A column's definition for CREATE TABLE or ALTER TABLE; {@code withDefault} adds its default,
     * which a column added to a table with rows needs (they take it, as upstream).
     */
    public static String columnDefinition(ColumnSchema column, boolean withDefault) {
        StringBuilder definition = new StringBuilder(quote(column.name())).append(' ');
        if (column.json()) {
            definition.append("json");
        } else {
            // COLUMN_TYPE is already in the form MySQL prints; enum and set values keep their case.
            definition.append(column.columnType());
            if (column.characterSet() != null) {
                definition.append(" CHARACTER SET ").append(column.characterSet());
                if (column.collation() != null
                        && PORTABLE_COLLATIONS.contains(column.collation())) {
                    definition.append(" COLLATE ").append(column.collation());
                }
            }
        }
        definition.append(column.nullable() ? " NULL" : " NOT NULL");
        if (withDefault
                && column.defaultValue() != null
                && !column.defaultValue().equalsIgnoreCase("NULL")) {
            definition.append(" DEFAULT ").append(column.defaultValue());
        }
        return definition.toString();
    }

    /** An index's definition as CREATE TABLE and ALTER TABLE … ADD take it. */
    public static String indexDefinition(IndexSchema index) {
        StringBuilder definition = new StringBuilder();
        if (index.primary()) {
            definition.append("PRIMARY KEY (");
        } else {
            definition
                    .append(index.unique() ? "UNIQUE KEY " : "KEY ")
                    .append(quote(index.name()))
                    .append(" (");
        }
        for (int i = 0; i < index.columns().size(); i++) {
            IndexSchema.IndexColumn column = index.columns().get(i);
            definition.append(i == 0 ? "" : ",").append(quote(column.name()));
            if (column.prefixLength() != null) {
                definition.append('(').append(column.prefixLength()).append(')');
            }
        }
        return definition.append(')').toString();
    }
}
