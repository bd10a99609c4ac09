package dev.ferry.jdbc;

import dev.ferry.config.FerryConfigException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens JDBC connections and turns the driver's failures into messages that say what is wrong and
 * what to do, without the password.
 */
public final class Connections {
    private Connections() {}

    public static Connection open(DatabaseEndpoint endpoint) {
        Properties properties = new Properties();
        properties.setProperty("user", endpoint.username());
        if (endpoint.password() != null) {
            properties.setProperty("password", endpoint.password());
        }
        try {
            return DriverManager.getConnection(endpoint.jdbcUrl(), properties);
        } catch (SQLException e) {
            throw explain(endpoint, e);
        }
    }

    /** A user-facing error for a failure to connect or log in. */
    public static FerryConfigException explain(DatabaseEndpoint endpoint, SQLException e) {
        String role = endpoint.role();
        // 1045: access denied; 08xxx: cannot reach the server.
        if (e.getErrorCode() == 1045) {
            return new FerryConfigException(
                    role
                            + ": access denied for user '"
                            + endpoint.username()
                            + "' at "
                            + endpoint.address()
                            + ". Check "
                            + role
                            + ".username and "
                            + role
                            + ".password.");
        }
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.startsWith("08")) {
            return new FerryConfigException(
                    role
                            + ": cannot connect to "
                            + endpoint.address()
                            + " ("
                            + rootMessage(e)
                            + "). Is the server running, and are "
                            + role
                            + ".hostname and "
                            + role
                            + ".port right?");
        }
        return new FerryConfigException(
                role
                        + ": cannot log in to "
                        + endpoint.address()
                        + ": "
                        + firstLine(e.getMessage()));
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return firstLine(
                root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage());
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
