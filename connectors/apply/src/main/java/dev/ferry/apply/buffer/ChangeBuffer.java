package dev.ferry.apply.buffer;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects a writer's changes between flushes and reduces them to one net change per row, so a row
 * inserted then deleted ends deleted and a row updated ten times is written once. Rows keep the
 * order of their latest change, which matters when a unique key moves between rows.
 */
public final class ChangeBuffer {
    private final Map<TableId, LinkedHashMap<List<Object>, RowChange>> tables =
            new LinkedHashMap<>();
    private int events;
    private long bytes;

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
        switch (event.operation()) {
            case DELETE -> put(rows, change(RowChange.Kind.DELETE, keyColumns, event.before()));
            case UPDATE -> {
                if (event.changesKey()) {
                    put(rows, change(RowChange.Kind.DELETE, keyColumns, event.before()));
                }
                put(rows, change(RowChange.Kind.UPSERT, keyColumns, event.after()));
            }
            case READ, CREATE ->
                    put(rows, change(RowChange.Kind.UPSERT, keyColumns, event.after()));
        }
        events++;
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
