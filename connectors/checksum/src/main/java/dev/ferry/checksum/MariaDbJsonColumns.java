package dev.ferry.checksum;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds MariaDB's JSON columns, which information_schema reports as {@code longtext} with a {@code
 * CHECK (json_valid(col))} constraint.
 */
final class MariaDbJsonColumns {

    private static final Pattern JSON_VALID =
            Pattern.compile("json_valid\\(\\s*`?([^`()]+?)`?\\s*\\)", Pattern.CASE_INSENSITIVE);

    private MariaDbJsonColumns() {}

    /**
     * Lower-case names of the table's JSON-checked columns; empty when the server is not MariaDB.
     */
    static Set<String> of(Connection connection, TableRef table) {
        Set<String> columns = new HashSet<>();
        try (PreparedStatement statement =
                connection.prepareStatement(SqlResources.CHECK_CONSTRAINTS)) {
            statement.setString(1, table.database());
            statement.setString(2, table.table());
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    columns.addAll(fromCheckClause(rows.getString(1)));
                }
            }
        } catch (SQLException e) {
            // MySQL and TiDB lack CHECK_CONSTRAINTS.TABLE_NAME (or the view): they have a real
            // JSON type, so there is nothing to find.
            return Set.of();
        }
        return columns;
    }

    /** Lower-case column names guarded by {@code json_valid(..)} in one check clause. */
    static Set<String> fromCheckClause(String clause) {
        Set<String> columns = new HashSet<>();
        if (clause == null) {
            return columns;
        }
        Matcher matcher = JSON_VALID.matcher(clause);
        while (matcher.find()) {
            columns.add(matcher.group(1).strip().toLowerCase(Locale.ROOT));
        }
        return columns;
    }
}
