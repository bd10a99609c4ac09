package dev.ferry.envelope.schema;

import dev.ferry.envelope.TableId;
import java.io.Serializable;
import java.util.Comparator;
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

    /**
     * The key rows are replicated by: the primary key, or else, as TiDB DM does, a unique key whose
     * columns are all NOT NULL (the one with the fewest columns, then the first by name); empty
     * when the table has neither.
     */
    public Optional<IndexSchema> rowKey() {
        Optional<IndexSchema> primary = primaryKey();
        if (primary.isPresent()) {
            return primary;
        }
        return indexes.stream()
                .filter(IndexSchema::unique)
                .filter(index -> index.columnNames().stream().allMatch(this::notNull))
                .min(
                        Comparator.<IndexSchema>comparingInt(index -> index.columns().size())
                                .thenComparing(IndexSchema::name));
    }

    private boolean notNull(String columnName) {
        return column(columnName).map(column -> !column.nullable()).orElse(false);
    }

    public Optional<ColumnSchema> column(String name) {
        return columns.stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst();
    }
}
