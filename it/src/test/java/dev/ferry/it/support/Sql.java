package dev.ferry.it.support;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Small JDBC conveniences for tests: run statements, read one number or all rows. */
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

    /**
     * Runs one statement with {@code values} for its parameters on the caller's connection, inside
     * the caller's transaction (a workload's writes).
     */
    public static void update(Connection connection, String sql, Object... values)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                statement.setObject(i + 1, values[i]);
            }
            statement.executeUpdate();
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

    /** Every row of a query, each column as its string form (null stays null), in query order. */
    public static List<List<String>> queryRows(DatabaseEndpoint endpoint, String sql) {
        try (Connection connection = Connections.open(endpoint);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            int columns = rows.getMetaData().getColumnCount();
            List<List<String>> result = new ArrayList<>();
            while (rows.next()) {
                List<String> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    row.add(rows.getString(i));
                }
                result.add(row);
            }
            return result;
        } catch (SQLException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /**
     * Whether a failure means the server is gone (SQL state 08, or Connections' error for one it
     * cannot connect to), as when a fault test stops it.
     */
    public static boolean lostConnection(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof java.sql.SQLException sql
                    && sql.getSQLState() != null
                    && sql.getSQLState().startsWith("08")) {
                return true;
            }
            if (t.getMessage() != null && t.getMessage().contains("cannot connect to")) {
                return true;
            }
        }
        return false;
    }
}
