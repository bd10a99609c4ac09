package dev.ferry.envelope;

import java.io.Serializable;
import java.util.Map;
import java.util.Objects;

/**
 * The end marker of one upstream transaction: how many changes it made, in all and per table, so a
 * consumer can tell that it holds all of them without waiting for the next transaction.
 *
 * @param id the transaction id, equal to {@link TransactionInfo#id()} of its changes
 * @param file the binlog file of the transaction's start
 * @param position the binlog offset of the transaction's start; with {@code file} it orders
 *     transactions by commit
 * @param commitTimestampMs the upstream commit time, ms since the epoch
 * @param eventCount the transaction's changes to captured tables
 * @param eventCountByTable the same count per table
 * @param schemaChange the DDL statement this transaction is, with no row changes; null for a
 *     transaction of row changes (a DDL commits on its own in MySQL and MariaDB)
 */
public record TransactionEnd(
        String id,
        String file,
        long position,
        long commitTimestampMs,
        long eventCount,
        Map<TableId, Long> eventCountByTable,
        SchemaChange schemaChange)
        implements Serializable {
    public TransactionEnd {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(file, "file");
        eventCountByTable = Map.copyOf(eventCountByTable);
    }

    /** The END of a transaction of row changes. */
    public TransactionEnd(
            String id,
            String file,
            long position,
            long commitTimestampMs,
            long eventCount,
            Map<TableId, Long> eventCountByTable) {
        this(id, file, position, commitTimestampMs, eventCount, eventCountByTable, null);
    }

    /** The END of a DDL statement's own transaction: no row changes, the schema change. */
    public static TransactionEnd ofSchemaChange(
            String id, String file, long position, long commitTimestampMs, SchemaChange change) {
        return new TransactionEnd(
                id, file, position, commitTimestampMs, 0, Map.of(), Objects.requireNonNull(change));
    }
}
