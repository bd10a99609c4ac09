package dev.ferry.benchmarks.run;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One connection to a server, as the scripts used the mariadb client with --batch
 * --skip-column-names: a query's result as tab-separated lines, NULL as "NULL". Reconnects once
 * when the connection has broken (a server restarted, an idle timeout). Not thread-safe.
 */
public final class SqlClient implements AutoCloseable {
    private final DatabaseEndpoint endpoint;
    private Connection connection;

    public SqlClient(DatabaseEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    public DatabaseEndpoint endpoint() {
        return endpoint;
    }

    /** Runs statements that return no rows, in order. */
    public void execute(String... statements) throws SQLException {
        for (String sql : statements) {
            withRetry(
                    statement -> {
                        statement.execute(sql);
                        return null;
                    });
        }
    }

    /** The rows of a query, each a list of its columns as text ("NULL" for NULL). */
    public List<List<String>> rows(String sql) throws SQLException {
        return withRetry(
                statement -> {
                    List<List<String>> rows = new ArrayList<>();
                    try (ResultSet result = statement.executeQuery(sql)) {
                        ResultSetMetaData meta = result.getMetaData();
                        while (result.next()) {
                            List<String> row = new ArrayList<>();
                            for (int c = 1; c <= meta.getColumnCount(); c++) {
                                String value = result.getString(c);
                                row.add(value == null ? "NULL" : value);
                            }
                            rows.add(row);
                        }
                    }
                    return rows;
                });
    }

    /** The result as the mariadb client prints it with --batch --skip-column-names. */
    public String text(String sql) throws SQLException {
        StringBuilder text = new StringBuilder();
        for (List<String> row : rows(sql)) {
            text.append(text.isEmpty() ? "" : "\n").append(String.join("\t", row));
        }
        return text.toString();
    }

    /** The first column of the first row; null when there is no row. */
    public String value(String sql) throws SQLException {
        List<List<String>> rows = rows(sql);
        return rows.isEmpty() ? null : rows.get(0).get(0);
    }

    /** The first column of the first row as a number; 0 when there is no row or it is NULL. */
    public long number(String sql) throws SQLException {
        String value = value(sql);
        return value == null || value.equals("NULL")
                ? 0
                : new java.math.BigDecimal(value).longValue();
    }

    private interface Work<T> {
        T on(Statement statement) throws SQLException;
    }

    private <T> T withRetry(Work<T> work) throws SQLException {
        try {
            return once(work);
        } catch (SQLException e) {
            if (connection != null && connection.isValid(2)) {
                throw e; // the statement failed, not the connection
            }
            close();
            return once(work);
        }
    }

    private <T> T once(Work<T> work) throws SQLException {
        if (connection == null) {
            connection = Connections.reopen(endpoint, new java.util.Properties());
        }
        try (Statement statement = connection.createStatement()) {
            return work.on(statement);
        }
    }

    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                // closing a broken connection: nothing to keep
            }
            connection = null;
        }
    }
}
