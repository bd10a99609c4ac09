package dev.ferry.capture.source;

import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionInfo;
import java.util.HashMap;
import java.util.Map;

/**
 * Numbers binlog changes within their upstream transaction. The id is the transaction's restart
 * position from the record's source offset ({@code file=…,pos=…}), the same id Debezium gives on
 * MariaDB; the orders count changes seen since that id first appeared.
 *
 * <p>Why not Debezium's {@code provide.transaction.metadata}: Flink CDC 3.5 stores binlog offsets
 * as strings, and Debezium's TransactionContext casts them back to Long on restore, so every
 * restart from a checkpoint fails. Limit: after a restart in the middle of a transaction, the
 * orders of its remaining changes start again at 1 (the id stays right).
 */
final class TransactionTracker {
    private String currentId;
    private long totalOrder;
    private final Map<TableId, Long> orderByTable = new HashMap<>();

    TransactionInfo next(Map<String, ?> sourceOffset, TableId table) {
        String id = "file=" + sourceOffset.get("file") + ",pos=" + sourceOffset.get("pos");
        if (!id.equals(currentId)) {
            currentId = id;
            totalOrder = 0;
            orderByTable.clear();
        }
        totalOrder++;
        long tableOrder = orderByTable.merge(table, 1L, Long::sum);
        return new TransactionInfo(id, totalOrder, tableOrder);
    }
}
