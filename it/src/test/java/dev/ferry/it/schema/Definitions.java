package dev.ferry.it.schema;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A test database's table definitions on one side, as comparable lines: each table's columns (name,
 * type without integer display width, nullability) in order, and its indexes (name, uniqueness,
 * columns). Upstream and downstream compare equal once every DDL is carried over.
 */
public final class Definitions {
    private static final String COLUMNS =
            "SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE FROM information_schema.COLUMNS"
                    + " WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION";
    private static final String INDEXES =
            "SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE,"
                    + " GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX) FROM"
                    + " information_schema.STATISTICS WHERE TABLE_SCHEMA = ?"
                    + " GROUP BY TABLE_NAME, INDEX_NAME, NON_UNIQUE ORDER BY TABLE_NAME, INDEX_NAME";

    private Definitions() {}

    public static List<String> upstream(TestDatabase db) {
        return read(Services.upstreamAdmin(), db.name());
    }

    public static List<String> downstream(TestDatabase db) {
        return read(Services.downstreamAdmin(), db.name());
    }

    private static List<String> read(DatabaseEndpoint endpoint, String database) {
        List<String> lines = new ArrayList<>();
        try (Connection connection = Connections.open(endpoint)) {
            try (PreparedStatement statement = connection.prepareStatement(COLUMNS)) {
                statement.setString(1, database);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        lines.add(
                                rows.getString(1)
                                        + "."
                                        + rows.getString(2)
                                        + " "
                                        + rows.getString(3)
                                                .toLowerCase(Locale.ROOT)
                                                .replaceAll(
                                                        "^(tinyint|smallint|mediumint|int|bigint)\\(\\d+\\)",
                                                        "$1")
                                        + ("YES".equals(rows.getString(4))
                                                ? " null"
                                                : " not null"));
                    }
                }
            }
            // Sorted here: servers order index names by their own collations (MariaDB puts
            // by_label before PRIMARY, TiDB after).
            List<String> indexes = new ArrayList<>();
            try (PreparedStatement statement = connection.prepareStatement(INDEXES)) {
                statement.setString(1, database);
                try (ResultSet rows = statement.executeQuery()) {
                    while (rows.next()) {
                        indexes.add(
                                rows.getString(1)
                                        + " index "
                                        + rows.getString(2)
                                        + (rows.getInt(3) == 0 ? " unique (" : " (")
                                        + rows.getString(4)
                                        + ")");
                    }
                }
            }
            indexes.sort(Comparator.naturalOrder());
            lines.addAll(indexes);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        return lines;
    }
}
