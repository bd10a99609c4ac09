package dev.ferry.apply.buffer;

import java.util.List;
import java.util.Map;

/**
 * The net effect of a row's buffered changes: its final image (upsert), its removal (delete, by the
 * key values of {@code keyColumns}), or its removal and then its final image (replace).
 */
public record RowChange(
        Kind kind, List<String> keyColumns, List<Object> key, Map<String, Object> row) {
    /** What the writer must do with the row. */
    public enum Kind {
        UPSERT,
        DELETE,
        /**
         * Delete by key, then insert the final image: for a row whose unique-key values changed
         * within the flush, so that the values it held are free before any row takes them (an
         * upsert in place would collide with a row that takes its old value in the same flush).
         */
        REPLACE;

        /** Whether the writer deletes the row's key before the upserts. */
        public boolean deletes() {
            return this != UPSERT;
        }

        /** Whether the writer writes the row's final image. */
        public boolean writesRow() {
            return this != DELETE;
        }
    }
}
