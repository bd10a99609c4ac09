package dev.ferry.apply.buffer;

import java.util.List;
import java.util.Map;

/**
 * The net effect of a row's buffered changes: either its final image (upsert) or its removal
 * (delete, by the key values of {@code keyColumns}).
 */
public record RowChange(
        Kind kind, List<String> keyColumns, List<Object> key, Map<String, Object> row) {
    /** What the writer must do with the row. */
    public enum Kind {
        UPSERT,
        DELETE
    }
}
