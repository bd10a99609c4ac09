package dev.ferry.envelope;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row change of one upstream table: the row before and after, the primary-key columns, the
 * source position and the upstream transaction. Immutable; build it with the static factories.
 *
 * <p>Row values are plain Java values in their envelope form (see docs/envelope.md): {@code
 * Boolean}, {@code Long}, {@code java.math.BigInteger}, {@code Double}, {@code
 * java.math.BigDecimal}, {@code String} (text, temporal values, enums, JSON) and {@code byte[]}.
 */
public final class ChangeEvent implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TableId table;
    private final Operation operation;
    private final Map<String, Object> before;
    private final Map<String, Object> after;
    private final List<String> keyColumns;
    private final SourcePosition source;
    private final TransactionInfo transaction;
    private final long captureTimestampMs;

    private ChangeEvent(
            TableId table,
            Operation operation,
            Map<String, Object> before,
            Map<String, Object> after,
            List<String> keyColumns,
            Metadata metadata) {
        this.table = Objects.requireNonNull(table, "table");
        this.operation = Objects.requireNonNull(operation, "operation");
        this.before = before == null ? null : Collections.unmodifiableMap(before);
        this.after = after == null ? null : Collections.unmodifiableMap(after);
        this.keyColumns = List.copyOf(keyColumns);
        this.source = metadata.source();
        this.transaction = metadata.transaction();
        this.captureTimestampMs = metadata.captureTimestampMs();
    }

    /** Where and when a change was captured; shared by all factories. */
    public record Metadata(
            SourcePosition source, TransactionInfo transaction, long captureTimestampMs)
            implements Serializable {}

    public static ChangeEvent snapshotRead(
            TableId table, Map<String, Object> row, List<String> keyColumns, Metadata metadata) {
        return new ChangeEvent(table, Operation.READ, null, row, keyColumns, metadata);
    }

    public static ChangeEvent insert(
            TableId table, Map<String, Object> row, List<String> keyColumns, Metadata metadata) {
        return new ChangeEvent(table, Operation.CREATE, null, row, keyColumns, metadata);
    }

    public static ChangeEvent update(
            TableId table,
            Map<String, Object> before,
            Map<String, Object> after,
            List<String> keyColumns,
            Metadata metadata) {
        return new ChangeEvent(table, Operation.UPDATE, before, after, keyColumns, metadata);
    }

    public static ChangeEvent delete(
            TableId table, Map<String, Object> row, List<String> keyColumns, Metadata metadata) {
        return new ChangeEvent(table, Operation.DELETE, row, null, keyColumns, metadata);
    }

    /** Builds an event of the given operation; used by readers of the serialized form. */
    public static ChangeEvent of(
            TableId table,
            Operation operation,
            Map<String, Object> before,
            Map<String, Object> after,
            List<String> keyColumns,
            Metadata metadata) {
        if (operation.writesRow() && after == null) {
            throw new IllegalArgumentException(
                    operation + " event for " + table + " has no after image");
        }
        if (operation == Operation.DELETE && before == null) {
            throw new IllegalArgumentException(
                    "delete event for " + table + " has no before image");
        }
        return new ChangeEvent(table, operation, before, after, keyColumns, metadata);
    }

    public TableId table() {
        return table;
    }

    public Operation operation() {
        return operation;
    }

    /** The row before the change; null for snapshot reads and inserts. */
    public Map<String, Object> before() {
        return before;
    }

    /** The row after the change; null for deletes. */
    public Map<String, Object> after() {
        return after;
    }

    public List<String> keyColumns() {
        return keyColumns;
    }

    public SourcePosition source() {
        return source;
    }

    /** The upstream transaction, or null for snapshot rows. */
    public TransactionInfo transaction() {
        return transaction;
    }

    public long captureTimestampMs() {
        return captureTimestampMs;
    }

    /** The primary-key values of the row as it is after the change (before it, for deletes). */
    public Map<String, Object> key() {
        return keyOf(after != null ? after : before);
    }

    /** The primary-key values of the row before the change, or null if there was none. */
    public Map<String, Object> keyBefore() {
        return before == null ? null : keyOf(before);
    }

    /** True when an update changed the primary key, so the old row must go away. */
    public boolean changesKey() {
        if (operation != Operation.UPDATE) {
            return false;
        }
        for (String column : keyColumns) {
            // deepEquals: binary key columns arrive as byte[].
            if (!Objects.deepEquals(before.get(column), after.get(column))) {
                return true;
            }
        }
        return false;
    }

    private Map<String, Object> keyOf(Map<String, Object> row) {
        Map<String, Object> key = new LinkedHashMap<>();
        for (String column : keyColumns) {
            key.put(column, row.get(column));
        }
        return key;
    }

    @Override
    public String toString() {
        return operation.code()
                + " "
                + table
                + " "
                + key()
                + " @"
                + source.binlogFile()
                + ":"
                + source.binlogPosition();
    }
}
