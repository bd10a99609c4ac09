package dev.ferry.envelope.json;

import dev.ferry.envelope.TableId;
import java.util.List;

/**
 * The table ids and primary-key column lists the change deserializers have met, handed out again
 * instead of new copies: every change of a table then shares one {@link TableId}, whose names' hash
 * codes are computed once, and the apply looks tables up several times per change.
 */
final class SharedIdentifiers {
    private static final int MAX_SHARED = 4096;

    private final SharedValues<String, SharedValues<String, TableId>> byDatabase =
            new SharedValues<>(MAX_SHARED);
    private final SharedValues<List<String>, List<String>> keyColumns =
            new SharedValues<>(MAX_SHARED);

    TableId of(String database, String table) {
        return byDatabase
                .get(database, d -> new SharedValues<>(MAX_SHARED))
                .get(table, t -> TableId.of(database, t));
    }

    /** An immutable list equal to {@code columns}: the one met before when there was one. */
    List<String> keyColumns(List<String> columns) {
        return keyColumns.get(columns, List::copyOf);
    }
}
