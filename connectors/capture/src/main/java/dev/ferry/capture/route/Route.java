package dev.ferry.capture.route;

import dev.ferry.envelope.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where one source table's rows go: the target table, and the source columns added to each row and
 * to the key (in order), so that keys colliding across merged shards stay apart.
 */
public record Route(TableId source, TableId target, Map<String, String> added)
        implements Serializable {

    /** The route of a table written to itself, unchanged. */
    static Route identity(TableId table) {
        return new Route(table, table, Map.of());
    }

    /** Whether rows go elsewhere or gain columns. */
    public boolean changesRows() {
        return !added.isEmpty() || !source.equals(target);
    }

    /** The row with the source columns added; null stays null. */
    public Map<String, Object> row(Map<String, Object> row) {
        if (row == null || added.isEmpty()) {
            return row;
        }
        Map<String, Object> routed = new LinkedHashMap<>(row);
        routed.putAll(added);
        return routed;
    }

    /** The key columns with the source columns added. */
    public List<String> keyColumns(List<String> keyColumns) {
        if (added.isEmpty()) {
            return keyColumns;
        }
        List<String> routed = new ArrayList<>(keyColumns);
        routed.addAll(added.keySet());
        return routed;
    }
}
