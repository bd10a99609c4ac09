package dev.ferry.benchmarks.direct;

import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gathers snapshot rows per table into batches of a fixed number of rows, each batch one multi-row
 * statement. Rows of a table keep their read order; the batches of different tables are independent
 * (snapshot rows are disjoint upserts).
 *
 * <p>Not thread-safe: one per sink writer.
 */
final class StatementBatches {
    /** The rows of one statement, all of one table with the same columns. */
    record Batch(TableId table, List<String> columns, List<Object[]> rows) {}

    private final int rowsPerStatement;
    private final Map<TableId, Batch> open = new HashMap<>();

    StatementBatches(int rowsPerStatement) {
        if (rowsPerStatement < 1) {
            throw new IllegalArgumentException(
                    "rows per statement must be at least 1, got " + rowsPerStatement);
        }
        this.rowsPerStatement = rowsPerStatement;
    }

    /** Adds a row; returns the batch it completed, or null while its table's batch is not full. */
    Batch add(SnapshotRow row) {
        Batch batch = open.get(row.table());
        if (batch == null || !batch.columns().equals(row.columns())) {
            if (batch != null) {
                // a table's columns changed (DDL mid-snapshot): not expected in a snapshot
                throw new IllegalStateException(
                        "the columns of " + row.table() + " changed during the snapshot");
            }
            batch = new Batch(row.table(), row.columns(), new ArrayList<>(rowsPerStatement));
            open.put(row.table(), batch);
        }
        batch.rows().add(row.values());
        if (batch.rows().size() < rowsPerStatement) {
            return null;
        }
        open.remove(row.table());
        return batch;
    }

    /** The batches not yet full, emptied: at the end of the input (or before a checkpoint). */
    List<Batch> drain() {
        List<Batch> rest = new ArrayList<>(open.values());
        open.clear();
        return rest;
    }
}
