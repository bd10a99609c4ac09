package dev.ferry.apply.progress;

import dev.ferry.apply.assembly.CommitPosition;
import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Tracks, per Kafka partition, where a restart must read again so that nothing unapplied is
 * skipped: the first offset of the oldest unit not yet committed downstream, or the next offset
 * when everything read is applied. Also the commit position of the oldest unapplied transaction:
 * applied transactions older than it can never be read again, so their records in the progress
 * table may go.
 *
 * <p>Called from the task thread (reads) and from apply workers (commits), hence synchronized.
 */
public final class ApplyProgress {
    private final Map<TopicPartition, Long> nextOffsets = new HashMap<>();
    private final Map<TopicPartition, TreeMap<Long, Integer>> pendingFirstOffsets = new HashMap<>();
    private final TreeMap<CommitPosition, Integer> pendingPositions = new TreeMap<>();

    public ApplyProgress(Map<TopicPartition, Long> restored) {
        nextOffsets.putAll(restored);
    }

    public synchronized void read(TopicPartition partition, long offset) {
        nextOffsets.merge(partition, offset + 1, Math::max);
    }

    /** A unit read its first record in a partition. */
    public synchronized void opened(
            UpstreamTransaction unit, TopicPartition partition, long offset) {
        pendingFirstOffsets
                .computeIfAbsent(partition, p -> new TreeMap<>())
                .merge(offset, 1, Integer::sum);
    }

    /** A transaction was first seen. */
    public synchronized void began(UpstreamTransaction tx) {
        pendingPositions.merge(tx.position(), 1, Integer::sum);
    }

    /** A transaction's position became exact (from its END record). */
    public synchronized void moved(UpstreamTransaction tx, CommitPosition from, CommitPosition to) {
        decrement(pendingPositions, from);
        pendingPositions.merge(to, 1, Integer::sum);
    }

    /** A unit is committed downstream (or was found applied): its records need no re-reading. */
    public synchronized void committed(UpstreamTransaction unit) {
        unit.firstOffsets()
                .forEach(
                        (partition, offset) -> {
                            TreeMap<Long, Integer> pending = pendingFirstOffsets.get(partition);
                            if (pending != null) {
                                decrement(pending, offset);
                            }
                        });
        if (!unit.isSnapshotRow()) {
            decrement(pendingPositions, unit.position());
        }
    }

    /** Where to read again after a restart, per partition, and the oldest unapplied position. */
    public synchronized Snapshot snapshot() {
        Map<TopicPartition, Long> restart = new HashMap<>(nextOffsets);
        pendingFirstOffsets.forEach(
                (partition, pending) -> {
                    if (!pending.isEmpty()) {
                        restart.put(partition, pending.firstKey());
                    }
                });
        return new Snapshot(
                restart, pendingPositions.isEmpty() ? null : pendingPositions.firstKey());
    }

    private static <K> void decrement(TreeMap<K, Integer> counts, K key) {
        counts.computeIfPresent(key, (k, n) -> n == 1 ? null : n - 1);
    }

    /**
     * A consistent view of the progress.
     *
     * @param restartOffsets per partition, the offset to read from after a restart
     * @param oldestPending the commit position of the oldest transaction read but not applied; null
     *     when none is pending (then every applied transaction is behind the restart offsets)
     */
    public record Snapshot(
            Map<TopicPartition, Long> restartOffsets, CommitPosition oldestPending) {}
}
