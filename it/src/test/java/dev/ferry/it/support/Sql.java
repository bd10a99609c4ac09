package dev.ferry.it.support;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Small JDBC conveniences for tests: run statements, read one number. */
public final class Sql {
    private Sql() {}

    public static void execute(DatabaseEndpoint endpoint, String... statements) {
        try (Connection connection = Connections.open(endpoint);
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static long queryLong(DatabaseEndpoint endpoint, String sql) {
        try (Connection connection = Connections.open(endpoint);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getLong(1) : -1;
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
