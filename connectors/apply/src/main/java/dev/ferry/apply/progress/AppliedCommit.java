package dev.ferry.apply.progress;

import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.Arrays;
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
        String[] ids = new String[batch.size()];
        int count = 0;
        LastOffsets last = new LastOffsets();
        for (UpstreamTransaction tx : batch) {
            if (tx.isSnapshotRow()) {
                continue; // snapshot rows are idempotent and belong to no transaction
            }
            ids[count++] = tx.id();
            for (int i = 0; i < tx.partitionCount(); i++) {
                last.merge(tx.partition(i), tx.lastOffset(i));
            }
        }
        if (count == 0) {
            return null;
        }
        return new AppliedCommit(ids[0], Arrays.asList(ids).subList(0, count), last.toMap());
    }

    /**
     * The highest offset per partition, over a batch's transactions: its few partitions (a change
     * topic or two and the transaction topic) in arrays, found by identity first, as the writer
     * hands every record of a partition the same {@link TopicPartition}. A map merging a boxed
     * offset per transaction and partition cost more than the rest of the record.
     */
    private static final class LastOffsets {
        private TopicPartition[] partitions = new TopicPartition[4];
        private long[] offsets = new long[4];
        private int size;

        void merge(TopicPartition partition, long offset) {
            int at = indexOf(partition);
            if (at < 0) {
                if (size == partitions.length) {
                    partitions = Arrays.copyOf(partitions, size * 2);
                    offsets = Arrays.copyOf(offsets, size * 2);
                }
                partitions[size] = partition;
                offsets[size++] = offset;
            } else if (offsets[at] < offset) {
                offsets[at] = offset;
            }
        }

        private int indexOf(TopicPartition partition) {
            for (int i = 0; i < size; i++) {
                if (partitions[i] == partition) {
                    return i;
                }
            }
            for (int i = 0; i < size; i++) {
                if (partitions[i].equals(partition)) {
                    return i;
                }
            }
            return -1;
        }

        Map<TopicPartition, Long> toMap() {
            Map<TopicPartition, Long> map = new HashMap<>(size * 2);
            for (int i = 0; i < size; i++) {
                map.put(partitions[i], offsets[i]);
            }
            return map;
        }
    }
}
