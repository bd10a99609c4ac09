package dev.ferry.envelope;

import dev.ferry.envelope.schema.TableSchema;
import java.io.Serializable;
import java.util.Objects;

/**
 * One upstream DDL statement on a captured table, at its place in the binlog: what MySQL ran, and
 * the table's definition right after it, from which the apply rebuilds the downstream statement.
 *
 * @param kind what the statement did to the table
 * @param ddl the statement as the upstream wrote it to the binlog
 * @param table the table it changed (for a rename, its new name)
 * @param previousTable the table's name before a rename; null otherwise
 * @param definition the table's definition after the statement; null after a drop
 */
public record SchemaChange(
        Kind kind, String ddl, TableId table, TableId previousTable, TableSchema definition)
        implements Serializable {

    /** What a DDL statement did to its table. */
    public enum Kind {
        CREATE,
        ALTER,
        RENAME,
        TRUNCATE,
        DROP
    }

    public SchemaChange {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(ddl, "ddl");
        Objects.requireNonNull(table, "table");
    }
}
