package dev.ferry.apply.writer;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One writer's downstream connection: opened on first use at READ COMMITTED (writers touch disjoint
 * rows, so InnoDB's gap locks would only cause deadlocks; TiDB supports it too), with server-side
 * prepared statements, and dropped after a failure so the retry reconnects. The {@link
 * DownstreamOutage} it reports to is shared by the writer's other connections.
 */
public final class WriterConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WriterConnection.class);

    private final DatabaseEndpoint downstream;
    private final DownstreamOutage outage;
    private Connection connection;

    public WriterConnection(DatabaseEndpoint downstream, DownstreamOutage outage) {
        this.downstream = downstream;
        this.outage = outage;
    }

    public DatabaseEndpoint endpoint() {
        return downstream;
    }

    public DownstreamOutage outage() {
        return outage;
    }

    /**
     * The open connection, opened now if needed; the driver's failure if the downstream does not
     * answer (the writers retry it while the downstream is away).
     */
    public Connection get() throws SQLException {
        if (connection == null) {
            Properties properties = new Properties();
            // BatchWriter's multi-row statements repeat a few shapes: prepared on the server,
            // each is parsed there once per connection (MySQL, MariaDB and TiDB alike).
            properties.setProperty("useServerPrepStmts", "true");
            properties.setProperty("prepStmtCacheSize", "64");
            // BatchWriter sends a flush's short statements in one round trip (MySQL, MariaDB
            // and TiDB take several statements in one packet when the client asks at connect).
            properties.setProperty("allowMultiQueries", "true");
            // A downstream host that is gone must not hold a writer for the OS's SYN timeout.
            properties.setProperty("connectTimeout", "10000");
            connection = Connections.reopen(downstream, properties);
            try {
                connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            } catch (SQLException e) {
                LOG.warn("{} does not accept READ COMMITTED; keeping its default", downstream);
            }
        }
        return connection;
    }

    /** Closes the connection, ignoring a broken one; the next {@link #get()} reconnects. */
    @Override
    public void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // already broken
            }
            connection = null;
        }
    }
}
