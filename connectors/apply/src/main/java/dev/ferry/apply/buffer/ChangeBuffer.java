package dev.ferry.apply.buffer;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Collects a writer's changes between flushes and reduces them to one net change per row, so a row
 * inserted then deleted ends deleted and a row updated ten times is written once. Rows keep the
 * order of their latest change.
 *
 * <p>A row whose unique-key values (of a unique key besides the one it is keyed by) change within
 * the flush, or that is deleted and inserted again, becomes a {@link RowChange.Kind#REPLACE}: the
 * writer deletes it before writing any row, so two rows that trade unique values within the flush
 * (a swap through a temporary value, as applications do) no longer collide in the downstream's
 * unique index when their final images are upserted.
 */
public final class ChangeBuffer {
    private final Map<TableId, LinkedHashMap<List<Object>, RowChange>> tables =
            new LinkedHashMap<>();
    private final Function<TableId, List<List<String>>> uniqueKeys;
    private int events;
    private long bytes;

    /** A buffer for tables without unique keys besides the row key (or that ignores them). */
    public ChangeBuffer() {
        this(table -> List.of());
    }

    /**
     * @param uniqueKeys the column lists of a table's unique keys other than its primary key
     */
    public ChangeBuffer(Function<TableId, List<List<String>>> uniqueKeys) {
        this.uniqueKeys = uniqueKeys;
    }

    /**
     * Adds a change.
     *
     * @param bytes the size of the change as it arrived (its serialized form), for the byte bound
     */
    public void add(ChangeEvent event, int bytes) {
        this.bytes += bytes;
        add(event);
    }

    public void add(ChangeEvent event) {
        LinkedHashMap<List<Object>, RowChange> rows =
                tables.computeIfAbsent(event.table(), t -> latestChangeOrder());
        List<String> keyColumns = event.keyColumns();
        List<List<String>> unique = uniqueKeys.apply(event.table());
        switch (event.operation()) {
            case DELETE -> put(rows, change(RowChange.Kind.DELETE, keyColumns, event.before()));
            case UPDATE -> {
                boolean changesKey = event.changesKey();
                if (changesKey) {
                    put(rows, change(RowChange.Kind.DELETE, keyColumns, event.before()));
                }
                RowChange.Kind kind =
                        !changesKey && changesUniqueKey(event, unique)
                                ? RowChange.Kind.REPLACE
                                : RowChange.Kind.UPSERT;
                putImage(rows, change(kind, keyColumns, event.after()), unique);
            }
            case READ, CREATE ->
                    putImage(
                            rows, change(RowChange.Kind.UPSERT, keyColumns, event.after()), unique);
        }
        events++;
    }

    /**
     * Puts a row's new image; on a table with unique keys it stays a replace when an earlier change
     * in this flush made it one, or when the row was deleted before (the unique values it held
     * downstream are unknown here).
     */
    private static void putImage(
            LinkedHashMap<List<Object>, RowChange> rows,
            RowChange image,
            List<List<String>> unique) {
        if (unique.isEmpty() || image.kind() == RowChange.Kind.REPLACE) {
            put(rows, image);
            return;
        }
        RowChange earlier = rows.put(image.key(), image);
        if (earlier != null && earlier.kind().deletes()) {
            rows.put(
                    image.key(),
                    new RowChange(
                            RowChange.Kind.REPLACE, image.keyColumns(), image.key(), image.row()));
        }
    }

    private static boolean changesUniqueKey(ChangeEvent event, List<List<String>> unique) {
        for (List<String> columns : unique) {
            for (String column : columns) {
                // deepEquals: binary columns arrive as byte[].
                if (!Objects.deepEquals(event.before().get(column), event.after().get(column))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Rows in the order of their latest change: in access order, a put of a row already there moves
     * it to the end (nothing else reads the map by key), in one lookup.
     */
    private static LinkedHashMap<List<Object>, RowChange> latestChangeOrder() {
        return new LinkedHashMap<>(16, 0.75f, true);
    }

    private static void put(LinkedHashMap<List<Object>, RowChange> rows, RowChange change) {
        rows.put(change.key(), change);
    }

    private static RowChange change(
            RowChange.Kind kind, List<String> keyColumns, Map<String, Object> row) {
        List<Object> key = new ArrayList<>(keyColumns.size());
        for (String column : keyColumns) {
            key.add(row.get(column));
        }
        return new RowChange(kind, keyColumns, key, row);
    }

    /** Events added since the last drain (before reduction). */
    public int eventCount() {
        return events;
    }

    /**
     * Bytes of the changes added since the last drain, as reported to {@link #add(ChangeEvent,
     * int)}.
     */
    public long byteCount() {
        return bytes;
    }

    public boolean isEmpty() {
        return events == 0;
    }

    /** The net changes per table, in first-touched table order; empties the buffer. */
    public Map<TableId, Collection<RowChange>> drain() {
        Map<TableId, Collection<RowChange>> drained = new LinkedHashMap<>();
        tables.forEach((table, rows) -> drained.put(table, rows.values()));
        tables.clear();
        events = 0;
        bytes = 0;
        return drained;
    }
}
