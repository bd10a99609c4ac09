package dev.ferry.apply.progress;

import dev.ferry.apply.assembly.UpstreamTransaction;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.TopicPartition;

/**
 * Tracks, per Kafka partition, where a restart must read again so that nothing unapplied is
 * skipped: the first offset of the oldest unit not yet committed downstream, or the next offset
 * when everything read is applied. And which applied commits a restart could still read again:
 * those with a record at or past the restart offsets. Their records in the progress table must stay
 * (the restart skips their transactions by id); the others may go.
 *
 * <p>Called from the task thread (reads) and from apply workers (commits), hence synchronized.
 */
public final class ApplyProgress {
    /** Per partition, the offset after the last record read: one mutable slot, read per record. */
    private final Map<TopicPartition, long[]> nextOffsets = new HashMap<>();

    private final Map<TopicPartition, PendingOffsets> pendingFirstOffsets = new HashMap<>();
    private final Map<String, AppliedCommit> commits = new ConcurrentHashMap<>();
    private final Set<String> appliedIds = ConcurrentHashMap.newKeySet();

    /**
     * @param restored the restart offsets saved by the previous run
     * @param appliedCommits the commits recorded downstream
     */
    public ApplyProgress(
            Map<TopicPartition, Long> restored, Collection<AppliedCommit> appliedCommits) {
        restored.forEach((partition, offset) -> nextOffsets.put(partition, new long[] {offset}));
        appliedCommits.forEach(this::remember);
    }

    public ApplyProgress(Map<TopicPartition, Long> restored) {
        this(restored, List.of());
    }

    /**
     * Ids of the transactions recorded as applied when this run started: their records are skipped
     * when read again. Read once in order, a run meets no transaction twice, so those it commits
     * itself are not added.
     */
    public Set<String> appliedIds() {
        return appliedIds;
    }

    private void remember(AppliedCommit commit) {
        commits.put(commit.key(), commit);
        appliedIds.addAll(commit.transactionIds());
    }

    public synchronized void read(TopicPartition partition, long offset) {
        long[] next = nextOffsets.get(partition);
        if (next == null) {
            nextOffsets.put(partition, new long[] {offset + 1});
        } else if (next[0] <= offset) {
            next[0] = offset + 1;
        }
    }

    /** A unit read its first record in a partition. */
    public synchronized void opened(
            UpstreamTransaction unit, TopicPartition partition, long offset) {
        pendingFirstOffsets.computeIfAbsent(partition, p -> new PendingOffsets()).opened(offset);
    }

    /**
     * Units are committed downstream together, with {@link AppliedCommit#of} their record: their
     * records need no re-reading.
     */
    public synchronized void committed(List<UpstreamTransaction> batch) {
        // A batch's units share a few partitions (change topics' and the transaction topic's):
        // found by identity among those seen in this batch, not hashed once per unit.
        TopicPartition[] seen = new TopicPartition[8];
        PendingOffsets[] seenPending = new PendingOffsets[8];
        int seenCount = 0;
        for (UpstreamTransaction unit : batch) {
            for (int i = 0; i < unit.partitionCount(); i++) {
                TopicPartition partition = unit.partition(i);
                int at = 0;
                while (at < seenCount && seen[at] != partition) {
                    at++;
                }
                PendingOffsets pending;
                if (at < seenCount) {
                    pending = seenPending[at];
                } else {
                    pending = pendingFirstOffsets.get(partition);
                    if (seenCount < seen.length) {
                        seen[seenCount] = partition;
                        seenPending[seenCount++] = pending;
                    }
                }
                if (pending != null) {
                    pending.committed(unit.firstOffset(i));
                }
            }
        }
        AppliedCommit commit = AppliedCommit.of(batch);
        if (commit != null) {
            // Its transactions are not added to the applied ids: this run reads none again.
            commits.put(commit.key(), commit);
        }
    }

    /** Where to read again after a restart, and the applied records no restart can reach. */
    public synchronized Snapshot snapshot() {
        Map<TopicPartition, Long> restart = new HashMap<>();
        nextOffsets.forEach((partition, next) -> restart.put(partition, next[0]));
        pendingFirstOffsets.forEach(
                (partition, pending) -> {
                    long oldest = pending.oldest();
                    if (oldest >= 0) {
                        restart.put(partition, oldest);
                    }
                });
        List<String> unreachable = new ArrayList<>();
        commits.forEach(
                (key, commit) -> {
                    if (isBehind(commit.lastOffsets(), restart)) {
                        unreachable.add(key);
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

    /** The records of these commits are deleted downstream. */
    public void forget(List<String> commitKeys) {
        for (String key : commitKeys) {
            AppliedCommit commit = commits.remove(key);
            if (commit != null && !appliedIds.isEmpty()) {
                commit.transactionIds().forEach(appliedIds::remove);
            }
        }
    }

    /**
     * A consistent view of the progress.
     *
     * @param restartOffsets per partition, the offset to read from after a restart
     * @param unreachable keys of applied commits with every record before the restart offsets
     */
    public record Snapshot(Map<TopicPartition, Long> restartOffsets, List<String> unreachable) {}
}
