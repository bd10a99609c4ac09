package dev.ferry.apply.writer;

import dev.ferry.envelope.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One writer's open multi-row statements on its current connection, by shape, reused as they are:
 * their parameters are all bound anew before each execution. Closing a server-prepared statement
 * into the driver's cache cleared every one of its parameters, and taking it back cleared them
 * again, which cost a worker more than binding them (a 128-row, 4-column upsert has 512). The least
 * recently used statement is closed past {@link #MAX_OPEN}, for good: each holds server memory.
 *
 * <p>Not thread-safe: one per writer.
 */
final class StatementCache {
    /** Open statements at most, per writer connection. */
    static final int MAX_OPEN = 48;

    /** What a statement's text depends on. */
    record Shape(TableId table, List<String> columns, int rows, boolean upsert) {}

    /** Prepares a statement of a shape not open yet. */
    interface Preparer {
        PreparedStatement prepare(Connection connection, Shape shape) throws SQLException;
    }

    private final Map<Shape, PreparedStatement> open = new LinkedHashMap<>(64, 0.75f, true);
    private Connection connection;

    /** The open statement of {@code shape} on {@code connection}, prepared now if needed. */
    PreparedStatement statement(Connection connection, Shape shape, Preparer preparer)
            throws SQLException {
        if (connection != this.connection) {
            closeAll(); // a new connection: the old one's statements died with it
            this.connection = connection;
        }
        PreparedStatement statement = open.get(shape);
        if (statement == null) {
            statement = preparer.prepare(connection, shape);
            open.put(shape, statement);
            if (open.size() > MAX_OPEN) {
                Iterator<PreparedStatement> eldest = open.values().iterator();
                closeForGood(eldest.next());
                eldest.remove();
            }
        }
        return statement;
    }

    /** Statements open now. */
    int size() {
        return open.size();
    }

    void closeAll() {
        open.values().forEach(StatementCache::closeForGood);
        open.clear();
        connection = null;
    }

    /** Closes a statement on the server too, not into the driver's statement cache. */
    private static void closeForGood(PreparedStatement statement) {
        try {
            statement.setPoolable(false);
            statement.close();
        } catch (SQLException ignored) {
            // its connection is gone, and the statement with it
        }
    }
}
