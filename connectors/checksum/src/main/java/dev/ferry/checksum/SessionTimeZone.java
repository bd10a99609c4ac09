package dev.ferry.checksum;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Pins a session's time zone to UTC for the length of a comparison, then restores it.
 *
 * <p>The server renders TIMESTAMP values in the session time zone, and the two servers' default
 * zones may differ; pinning both sessions to the same fixed offset (which has no DST gaps) makes
 * equal instants render as equal strings.
 */
final class SessionTimeZone implements AutoCloseable {

    private static final String UTC = "+00:00";

    private final Connection connection;
    private final String previous;

    private SessionTimeZone(Connection connection, String previous) {
        this.connection = connection;
        this.previous = previous;
    }

    static SessionTimeZone pinToUtc(Connection connection) throws SQLException {
        String previous;
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT @@session.time_zone")) {
            rows.next();
            previous = rows.getString(1);
        }
        set(connection, UTC);
        return new SessionTimeZone(connection, previous);
    }

    @Override
    public void close() throws SQLException {
        if (previous != null && !previous.equals(UTC) && !connection.isClosed()) {
            set(connection, previous);
        }
    }

    private static void set(Connection connection, String zone) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement("SET time_zone = ?")) {
            statement.setString(1, zone);
            statement.execute();
        }
    }
}
