package dev.ferry.heartbeat;

import dev.ferry.config.FerryConfigException;
import java.io.Serializable;
import java.util.Map;

/**
 * The upstream table the capture writes a heartbeat row into (monitoring.heartbeat-table). Each
 * capture job keeps one row, keyed by {@link #SOURCE}, holding in {@link #TIMESTAMP} the time in
 * epoch milliseconds at which it was written. The row travels the pipeline like any change: the
 * newest one a stage has passed on says that every upstream change committed before it has passed
 * that stage too, which is what the delay is measured from (docs/operations.md, Delay).
 */
public record HeartbeatTable(String database, String table) implements Serializable {
    /** The key column: the capture job's name for itself (its Kafka transactional-id prefix). */
    public static final String SOURCE = "source";

    /** The time the row was written upstream, in epoch milliseconds. */
    public static final String TIMESTAMP = "ts_ms";

    /** Parses {@code database.table}. */
    public static HeartbeatTable parse(String qualifiedName) {
        String name = qualifiedName.strip();
        int dot = name.indexOf('.');
        if (dot <= 0 || dot == name.length() - 1 || name.indexOf('.', dot + 1) >= 0) {
            throw new FerryConfigException(
                    "monitoring.heartbeat-table must be 'database.table', but is '"
                            + qualifiedName
                            + "'.");
        }
        return new HeartbeatTable(name.substring(0, dot), name.substring(dot + 1));
    }

    public String qualifiedName() {
        return database + "." + table;
    }

    public boolean is(String database, String table) {
        return this.database.equals(database) && this.table.equals(table);
    }

    /** The heartbeat time in a row image of this table, or -1 when it has none. */
    public static long timestampMs(Map<String, Object> row) {
        Object value = row == null ? null : row.get(TIMESTAMP);
        if (value instanceof Number number) {
            return number.longValue();
        }
        if (value instanceof String text) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }
}
