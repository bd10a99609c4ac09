package dev.ferry.saga.participant;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens the connections SQL steps run on: kept in a transaction (no auto-commit), tracking their
 * session state locally so that the driver does not repeat settings to the server before every
 * step. The saga benchmark's direct client opens its connections here too, so that both sides talk
 * to the database alike.
 */
public final class ParticipantConnections {
    private ParticipantConnections() {}

    public static Connection open(DatabaseEndpoint endpoint) throws SQLException {
        Properties properties = endpoint.tls().driverProperties();
        properties.setProperty("user", endpoint.username());
        if (endpoint.password() != null) {
            properties.setProperty("password", endpoint.password());
        }
        properties.setProperty("useLocalSessionState", "true");
        Connection connection;
        try {
            connection = Connections.connect(endpoint.jdbcUrl(), properties);
        } catch (SQLException e) {
            throw Connections.explain(endpoint, e);
        }
        connection.setAutoCommit(false);
        return connection;
    }
}
