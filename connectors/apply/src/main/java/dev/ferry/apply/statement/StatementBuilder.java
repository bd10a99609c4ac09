package dev.ferry.apply.statement;

import static dev.ferry.apply.statement.Identifiers.quote;

import dev.ferry.envelope.TableId;
import java.util.List;

/**
 * Builds the multi-row statements the writer sends, in SQL that MySQL, MariaDB and TiDB all accept:
 * {@code INSERT ... VALUES (..),(..) ON DUPLICATE KEY UPDATE} for upserts and {@code DELETE ...
 * WHERE (key) IN ((..),(..))} for deletes.
 */
public final class StatementBuilder {
    private StatementBuilder() {}

    /** An upsert of {@code rows} rows, each binding {@code columns} in order. */
    public static String upsert(TableId table, List<String> columns, int rows) {
        StringBuilder sql = new StringBuilder(64 + rows * (columns.size() * 2 + 3));
        sql.append("INSERT INTO ").append(quote(table)).append(" (");
        appendList(sql, columns);
        sql.append(") VALUES ");
        String tuple = tuple(columns.size());
        for (int i = 0; i < rows; i++) {
            sql.append(i == 0 ? "" : ",").append(tuple);
        }
        sql.append(" ON DUPLICATE KEY UPDATE ");
        for (int i = 0; i < columns.size(); i++) {
            String column = quote(columns.get(i));
            sql.append(i == 0 ? "" : ",")
                    .append(column)
                    .append("=VALUES(")
                    .append(column)
                    .append(')');
        }
        return sql.toString();
    }

    /** A delete of {@code rows} rows by their key columns. */
    public static String delete(TableId table, List<String> keyColumns, int rows) {
        StringBuilder sql = new StringBuilder(64 + rows * (keyColumns.size() * 2 + 3));
        sql.append("DELETE FROM ").append(quote(table)).append(" WHERE ");
        boolean single = keyColumns.size() == 1;
        if (single) {
            sql.append(quote(keyColumns.get(0)));
        } else {
            sql.append('(');
            appendList(sql, keyColumns);
            sql.append(')');
        }
        sql.append(" IN (");
        String tuple = single ? "?" : tuple(keyColumns.size());
        for (int i = 0; i < rows; i++) {
            sql.append(i == 0 ? "" : ",").append(tuple);
        }
        return sql.append(')').toString();
    }

    private static void appendList(StringBuilder sql, List<String> columns) {
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? "" : ",").append(quote(columns.get(i)));
        }
    }

    private static String tuple(int size) {
        return "(" + "?,".repeat(size - 1) + "?)";
    }
}
