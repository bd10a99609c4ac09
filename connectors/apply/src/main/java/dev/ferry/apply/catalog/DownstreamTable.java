package dev.ferry.apply.catalog;

import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.BinaryTypes;
import java.util.Locale;
import java.util.Map;

/** A downstream table's columns and their base types, as the writer needs them to bind values. */
public final class DownstreamTable {
    private final TableId id;
    private final Map<String, String> dataTypeByLowerName;

    DownstreamTable(TableId id, Map<String, String> dataTypeByLowerName) {
        this.id = id;
        this.dataTypeByLowerName = Map.copyOf(dataTypeByLowerName);
    }

    public TableId id() {
        return id;
    }

    /** The column's base type (lower case), or null if the table has no such column. */
    public String dataType(String column) {
        return dataTypeByLowerName.get(column.toLowerCase(Locale.ROOT));
    }

    public boolean hasColumn(String column) {
        return dataType(column) != null;
    }

    public boolean isBinary(String column) {
        return BinaryTypes.isBinary(dataType(column));
    }

    public boolean isTimestamp(String column) {
        return "timestamp".equals(dataType(column));
    }
}
