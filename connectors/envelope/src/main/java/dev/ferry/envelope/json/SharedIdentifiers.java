package dev.ferry.envelope.json;

import dev.ferry.envelope.TableId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The table ids and primary-key column lists a deserializer has met, handed out again instead of
 * new copies: every change of a table then shares one {@link TableId}, whose names' hash codes are
 * computed once, and the apply looks tables up several times per change. Past {@link #MAX_CACHED}
 * entries it stops remembering (a table per change would be a bug upstream, not a reason to grow).
 */
final class SharedIdentifiers {
    private static final int MAX_CACHED = 10_000;

    private final Map<String, Map<String, TableId>> byDatabase = new ConcurrentHashMap<>();
    private final Map<List<String>, List<String>> keyColumns = new ConcurrentHashMap<>();

    TableId of(String database, String table) {
        Map<String, TableId> tables = byDatabase.get(database);
        if (tables == null) {
            if (byDatabase.size() >= MAX_CACHED) {
                return TableId.of(database, table);
            }
            tables = byDatabase.computeIfAbsent(database, d -> new ConcurrentHashMap<>());
        }
        TableId id = tables.get(table);
        if (id == null) {
            id = TableId.of(database, table);
            if (tables.size() < MAX_CACHED) {
                tables.putIfAbsent(table, id);
            }
        }
        return id;
    }

    /** An immutable list equal to {@code columns}: the one met before when there was one. */
    List<String> keyColumns(List<String> columns) {
        List<String> known = keyColumns.get(columns);
        if (known != null) {
            return known;
        }
        List<String> copy = List.copyOf(columns);
        if (keyColumns.size() < MAX_CACHED) {
            keyColumns.putIfAbsent(copy, copy);
        }
        return copy;
    }
}
