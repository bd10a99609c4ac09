package dev.ferry.envelope.schema;

import dev.ferry.envelope.TableId;
import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/**
 * The definition of a captured upstream table, published by the capture job to the schema topic so
 * that the apply job can create the table downstream and decode its values.
 */
public record TableSchema(
        String database,
        String table,
        String topic,
        List<ColumnSchema> columns,
        List<IndexSchema> indexes)
        implements Serializable {

    public TableId tableId() {
        return TableId.of(database, table);
    }

    public Optional<IndexSchema> primaryKey() {
        return indexes.stream().filter(IndexSchema::primary).findFirst();
    }

    public Optional<ColumnSchema> column(String name) {
        return columns.stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst();
    }
}
