package dev.ferry.capture.heartbeat;

import dev.ferry.config.FerryConfigException;
import dev.ferry.heartbeat.HeartbeatTable;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.jdbc.SqlResource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the capture job's heartbeat row upstream every {@link #INTERVAL_MS} ms, so that the binlog
 * carries a fresh, timed change even when the upstream is idle (as Debezium's {@code
 * heartbeat.action.query} does). A failed write is retried at the next beat on a new connection;
 * the delay shows the missing beats, so it is logged once, not each second.
 */
public final class HeartbeatWriter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatWriter.class);

    /** Time between two heartbeats: the resolution of the delay while the upstream is idle. */
    public static final long INTERVAL_MS = 1000;

    private final DatabaseEndpoint upstream;
    private final HeartbeatTable table;
    private final String source;
    private final LongSupplier clock;
    private final ScheduledExecutorService timer;
    private Connection connection;
    private PreparedStatement write;
    private boolean failing;

    private HeartbeatWriter(
            DatabaseEndpoint upstream, HeartbeatTable table, String source, LongSupplier clock) {
        this.upstream = upstream;
        this.table = table;
        this.source = source;
        this.clock = clock;
        this.timer =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread thread = new Thread(r, "ferry-capture-heartbeat");
                            thread.setDaemon(true);
                            return thread;
                        });
    }

    /** Starts beating; {@code source} names this capture job's row. */
    public static HeartbeatWriter start(
            DatabaseEndpoint upstream, HeartbeatTable table, String source) {
        HeartbeatWriter writer =
                new HeartbeatWriter(upstream, table, source, System::currentTimeMillis);
        writer.timer.scheduleAtFixedRate(writer::beat, 0, INTERVAL_MS, TimeUnit.MILLISECONDS);
        return writer;
    }

    /** Creates the heartbeat table when it is missing: before the preflight checks it. */
    public static void ensureTable(DatabaseEndpoint upstream, HeartbeatTable table) {
        try (Connection connection = Connections.open(upstream);
                Statement statement = connection.createStatement()) {
            if (exists(connection, table)) {
                return;
            }
            statement.execute(
                    SqlResource.load(HeartbeatWriter.class, "create-database.sql")
                            .replace("{database}", quote(table.database())));
            statement.execute(
                    SqlResource.load(HeartbeatWriter.class, "create-table.sql")
                            .replace("{table}", quoted(table)));
        } catch (SQLException e) {
            throw new FerryConfigException(
                    "cannot create the heartbeat table "
                            + table.qualifiedName()
                            + " (monitoring.heartbeat-table) on the "
                            + upstream
                            + ": "
                            + e.getMessage()
                            + ". Grant the capture user CREATE, INSERT and UPDATE on it, or unset"
                            + " monitoring.heartbeat-table.");
        }
    }

    private static boolean exists(Connection connection, HeartbeatTable table) throws SQLException {
        try (PreparedStatement query =
                connection.prepareStatement(
                        SqlResource.load(HeartbeatWriter.class, "exists.sql"))) {
            query.setString(1, table.database());
            query.setString(2, table.table());
            try (ResultSet result = query.executeQuery()) {
                return result.next() && result.getLong(1) > 0;
            }
        }
    }

    private void beat() {
        try {
            if (write == null) {
                connection = Connections.open(upstream);
                connection.setAutoCommit(true);
                write =
                        connection.prepareStatement(
                                SqlResource.load(HeartbeatWriter.class, "write.sql")
                                        .replace("{table}", quoted(table)));
            }
            write.setString(1, source);
            write.setLong(2, clock.getAsLong());
            write.executeUpdate();
            if (failing) {
                LOG.info("Heartbeats to {} written again", table.qualifiedName());
                failing = false;
            }
        } catch (SQLException | RuntimeException e) {
            if (!failing) {
                LOG.warn(
                        "Cannot write the heartbeat to {} ({}); retrying every second, the"
                                + " delay grows meanwhile",
                        table.qualifiedName(),
                        e.getMessage());
                failing = true;
            }
            closeConnection();
        }
    }

    private void closeConnection() {
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException e) {
            // a broken connection is dropped either way
        }
        connection = null;
        write = null;
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdown();
        timer.awaitTermination(5, TimeUnit.SECONDS);
        closeConnection();
    }

    private static String quoted(HeartbeatTable table) {
        return quote(table.database()) + "." + quote(table.table());
    }

    private static String quote(String identifier) {
        return "`" + identifier.replace("`", "``") + "`";
    }
}
