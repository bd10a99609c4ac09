package dev.ferry.apply.progress;

import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The progress record of one downstream commit: the upstream transactions it applied and, per Kafka
 * partition, the offset of the last record among them. One record per commit instead of one per
 * transaction: a commit merges up to {@code apply.batch-size} small transactions, and a row per
 * transaction cost the downstream as much as the changes themselves.
 *
 * @param key the id of the commit's first transaction (each transaction is committed once)
 * @param transactionIds every upstream transaction of the commit, in commit order
 * @param lastOffsets per partition, the offset of the commit's last record there: once the saved
 *     restart offsets are past all of them, no restart reads any of its transactions again
 */
public record AppliedCommit(
        String key, List<String> transactionIds, Map<TopicPartition, Long> lastOffsets) {

    public AppliedCommit {
        transactionIds = List.copyOf(transactionIds);
        lastOffsets = Map.copyOf(lastOffsets);
    }

    /** The record of a batch committed together; null when it holds no binlog transaction. */
    public static AppliedCommit of(Collection<UpstreamTransaction> batch) {
        List<String> ids = new ArrayList<>(batch.size());
        Map<TopicPartition, Long> last = new HashMap<>(4);
        for (UpstreamTransaction tx : batch) {
            if (tx.isSnapshotRow()) {
                continue; // snapshot rows are idempotent and belong to no transaction
            }
            ids.add(tx.id());
            for (int i = 0; i < tx.partitionCount(); i++) {
                last.merge(tx.partition(i), tx.lastOffset(i), Math::max);
            }
        }
        return ids.isEmpty() ? null : new AppliedCommit(ids.get(0), ids, last);
    }
}
