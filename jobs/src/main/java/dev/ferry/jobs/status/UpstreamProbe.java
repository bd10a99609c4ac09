package dev.ferry.jobs.status;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jdbc.SqlResource;
import dev.ferry.jobs.status.StatusReport.BinlogPosition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Asks the upstream server what status compares against: its latest binlog position, row estimates.
 */
final class UpstreamProbe implements AutoCloseable {
    private static final String TABLE_ESTIMATES =
            SqlResource.load(UpstreamProbe.class, "table-estimates.sql");

    private final Connection connection;

    UpstreamProbe(DatabaseEndpoint upstream) {
        this.connection = Connections.open(upstream);
    }

    /** The server's current binlog file and position; empty when binary logging is off. */
    Optional<BinlogPosition> latestPosition() throws SQLException {
        // MySQL 8.4 renamed SHOW MASTER STATUS; MariaDB and older MySQL know only the old name.
        for (String statement : new String[] {"SHOW MASTER STATUS", "SHOW BINARY LOG STATUS"}) {
            try (Statement query = connection.createStatement();
                    ResultSet rows = query.executeQuery(statement)) {
                return rows.next()
                        ? Optional.of(new BinlogPosition(rows.getString(1), rows.getLong(2)))
                        : Optional.empty();
            } catch (SQLException e) {
                if (statement.startsWith("SHOW BINARY")) {
                    throw e;
                }
            }
        }
        return Optional.empty();
    }

    /** {@code database.table} → estimated rows, for every table of the given databases. */
    Map<String, Long> rowEstimates(Collection<String> databases) throws SQLException {
        Map<String, Long> estimates = new HashMap<>();
        try (PreparedStatement query = connection.prepareStatement(TABLE_ESTIMATES)) {
            for (String database : databases) {
                query.setString(1, database);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        estimates.put(database + "." + rows.getString(1), rows.getLong(2));
                    }
                }
            }
        }
        return estimates;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
