package dev.ferry.jdbc;

import dev.ferry.config.FerryConfigException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens JDBC connections and turns the driver's failures into messages that say what is wrong and
 * what to do, without the password.
 */
public final class Connections {
    /**
     * The driver, used directly: DriverManager hands a driver only to the class loader that
     * registered it, so on a Flink cluster every job after the first one would get "No suitable
     * driver".
     */
    private static final Driver DRIVER = newDriver();

    private Connections() {}

    private static Driver newDriver() {
        try {
            return new com.mysql.cj.jdbc.Driver();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot load the MySQL JDBC driver", e);
        }
    }

    /** A connection to any {@code jdbc:mysql:} URL, without DriverManager. */
    public static Connection connect(String url, Properties properties) throws SQLException {
        Connection connection = DRIVER.connect(url, properties);
        if (connection == null) {
            throw new SQLException("not a jdbc:mysql: URL: " + url.replaceAll("[?].*", ""));
        }
        return connection;
    }

    public static Connection open(DatabaseEndpoint endpoint) {
        return open(endpoint, new Properties());
    }

    /**
     * A connection with driver properties beyond the endpoint's URL (Connector/J's names, such as
     * {@code useServerPrepStmts}).
     */
    public static Connection open(DatabaseEndpoint endpoint, Properties driverProperties) {
        try {
            return reopen(endpoint, driverProperties);
        } catch (SQLException e) {
            throw explain(endpoint, e);
        }
    }

    /**
     * Like {@link #open(DatabaseEndpoint, Properties)}, but with the driver's own failure, for a
     * caller that retries a server it reached before (its SQL state says whether it is gone).
     */
    public static Connection reopen(DatabaseEndpoint endpoint, Properties driverProperties)
            throws SQLException {
        Properties properties = endpoint.tls().driverProperties();
        properties.putAll(driverProperties);
        properties.setProperty("user", endpoint.username());
        if (endpoint.password() != null) {
            properties.setProperty("password", endpoint.password());
        }
        return connect(endpoint.jdbcUrl(), properties);
    }

    /** A user-facing error for a failure to connect or log in. */
    public static FerryConfigException explain(DatabaseEndpoint endpoint, SQLException e) {
        String role = endpoint.role();
        FerryConfigException tls = TlsErrors.explain(endpoint, e);
        if (tls != null) {
            return tls;
        }
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
