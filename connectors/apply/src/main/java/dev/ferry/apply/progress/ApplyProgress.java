package dev.ferry.apply.progress;

import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Tracks, per Kafka partition, where a restart must read again so that nothing unapplied is
 * skipped: the first offset of the oldest unit not yet committed downstream, or the next offset
 * when everything read is applied. And which applied transactions a restart could still read again:
 * those with a record at or past the restart offsets. Their records in the progress table must stay
 * (the restart skips them by id); the others may go.
 *
 * <p>Called from the task thread (reads) and from apply workers (commits), hence synchronized.
 */
public final class ApplyProgress {
    private final Map<TopicPartition, Long> nextOffsets = new HashMap<>();
    private final Map<TopicPartition, TreeMap<Long, Integer>> pendingFirstOffsets = new HashMap<>();
    private final Map<String, Map<TopicPartition, Long>> applied = new ConcurrentHashMap<>();

    /**
     * @param restored the restart offsets saved by the previous run
     * @param appliedRecords the applied transactions recorded downstream, with the offset of their
     *     last record per partition
     */
    public ApplyProgress(
            Map<TopicPartition, Long> restored,
            Map<String, Map<TopicPartition, Long>> appliedRecords) {
        nextOffsets.putAll(restored);
        applied.putAll(appliedRecords);
    }

    public ApplyProgress(Map<TopicPartition, Long> restored) {
        this(restored, Map.of());
    }

    /** Ids of transactions recorded as applied: their records are skipped when read again. */
    public Set<String> appliedIds() {
        return applied.keySet();
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

    /** A unit is committed downstream: its records need no re-reading. */
    public synchronized void committed(UpstreamTransaction unit) {
        unit.firstOffsets()
                .forEach(
                        (partition, offset) -> {
                            TreeMap<Long, Integer> pending = pendingFirstOffsets.get(partition);
                            if (pending != null) {
                                pending.computeIfPresent(offset, (k, n) -> n == 1 ? null : n - 1);
                            }
                        });
        if (!unit.isSnapshotRow()) {
            applied.put(unit.id(), Map.copyOf(unit.lastOffsets()));
        }
    }

    /** Where to read again after a restart, and the applied records no restart can reach. */
    public synchronized Snapshot snapshot() {
        Map<TopicPartition, Long> restart = new HashMap<>(nextOffsets);
        pendingFirstOffsets.forEach(
                (partition, pending) -> {
                    if (!pending.isEmpty()) {
                        restart.put(partition, pending.firstKey());
                    }
                });
        List<String> unreachable = new ArrayList<>();
        applied.forEach(
                (id, lastOffsets) -> {
                    if (isBehind(lastOffsets, restart)) {
                        unreachable.add(id);
                    }
                });
        return new Snapshot(restart, unreachable);
    }

    private static boolean isBehind(
            Map<TopicPartition, Long> lastOffsets, Map<TopicPartition, Long> restart) {
        for (Map.Entry<TopicPartition, Long> last : lastOffsets.entrySet()) {
            Long from = restart.get(last.getKey());
            if (from == null || last.getValue() >= from) {
                return false;
            }
        }
        return true;
    }

    /** The records of these transactions are deleted downstream. */
    public void forget(List<String> ids) {
        ids.forEach(applied::remove);
    }

    /**
     * A consistent view of the progress.
     *
     * @param restartOffsets per partition, the offset to read from after a restart
     * @param unreachable applied transactions with every record before the restart offsets
     */
    public record Snapshot(Map<TopicPartition, Long> restartOffsets, List<String> unreachable) {}
}
