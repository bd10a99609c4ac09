package dev.ferry.apply.assembly;

import dev.ferry.apply.progress.ApplyProgress;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.kafka.common.TopicPartition;

/**
 * Gathers each upstream transaction's changes, which arrive over several partitions and topics, and
 * its END record from the transaction topic, and hands out complete transactions in commit order.
 * Snapshot rows belong to no transaction and pass straight through.
 *
 * <p>Why commit order and not completion order: two transactions that touch the same row meet in
 * that row's partition, where the earlier one comes first; so once a transaction is complete, every
 * earlier transaction it conflicts with is known here, and releasing in commit order keeps them in
 * order for the conflict detector. Commit order is the order of the END records: the capture writes
 * them in binlog order to the transaction topic's single partition. So transactions wait in a queue
 * in the order their END records opened, not in a tree keyed by binlog position: a tree insertion
 * and removal per transaction, each comparing binlog file names, had cost the reading thread a
 * tenth of its time on single-row transactions.
 *
 * <p>Memory: when the changes held for transactions being assembled pass {@code memoryLimit} bytes,
 * the largest transaction moves to a spill file and stays there until it is applied. END records
 * can run ahead of the changes: past {@code maxEndsAhead} transactions holding an END, further END
 * records wait in arrival order, as they were parsed, and open their transaction only once earlier
 * ones are released. An open transaction costs several times its END record, and every one of them
 * is copied by each young collection while it waits. A reader that can choose when to read END
 * records asks {@link #wantsEnds} first, so that few wait at all.
 */
public final class TransactionAssembler {
    private final Map<String, UpstreamTransaction> byId = new HashMap<>();

    /** Transactions whose END record is open, in commit order. */
    private final ArrayDeque<UpstreamTransaction> inCommitOrder = new ArrayDeque<>();

    private final ApplyProgress progress;
    private final Set<String> applied;
    private final Predicate<TableId> applies;
    private final long memoryLimit;
    private final long spillAbove;
    private final Path spillDirectory;
    private final int maxEndsAhead;
    private final ArrayDeque<WaitingEnd> waitingEnds = new ArrayDeque<>();

    private long memoryBytes;
    private long nextSpillCheck;
    private long spilled;

    /**
     * @param applied ids of transactions already applied downstream (found again after a restart);
     *     their changes are dropped on arrival
     * @param applies whether this job applies a table; an END record counts only those tables'
     *     changes, and one naming none of them is ignored
     * @param memoryLimit bytes of changes all transactions being assembled may hold in memory
     * @param spillAbove a single transaction larger than this spills at once (it could not be
     *     committed in one piece anyway, or must be read back in chunks)
     * @param maxEndsAhead open transactions holding their END record, past which further END
     *     records wait unopened
     */
    public TransactionAssembler(
            ApplyProgress progress,
            Set<String> applied,
            Predicate<TableId> applies,
            long memoryLimit,
            long spillAbove,
            Path spillDirectory,
            int maxEndsAhead) {
        this.progress = progress;
        this.applied = applied;
        this.applies = applies;
        this.memoryLimit = memoryLimit;
        this.spillAbove = Math.min(memoryLimit, spillAbove);
        this.nextSpillCheck = memoryLimit;
        this.spillDirectory = spillDirectory;
        this.maxEndsAhead = maxEndsAhead;
    }

    /**
     * Adds a change read at {@code offset} of {@code partition}.
     *
     * @return the unit to apply now when the change is a snapshot row; null otherwise
     */
    public UpstreamTransaction addChange(
            ChangeEvent event, TopicPartition partition, long offset, int bytes) {
        if (event.transaction() == null) {
            UpstreamTransaction row = UpstreamTransaction.snapshotRow(event, bytes);
            row.touch(partition, offset);
            progress.opened(row, partition, offset);
            progress.read(partition, offset);
            return row;
        }
        String id = event.transaction().id();
        if (wasApplied(id)) {
            progress.read(partition, offset);
            return null;
        }
        UpstreamTransaction tx = transaction(id);
        if (tx.touch(partition, offset)) {
            progress.opened(tx, partition, offset);
        }
        progress.read(partition, offset);
        tx.add(event, bytes);
        if (tx.isSpilled()) {
            return null;
        }
        memoryBytes += bytes;
        if (tx.bytes() > spillAbove) {
            spill(tx);
        } else if (memoryBytes > nextSpillCheck) {
            spillLargest();
            // Scan again only after another slice of growth: many small open transactions
            // (partitions read unevenly) must not cost a scan per change.
            nextSpillCheck = Math.max(memoryLimit, memoryBytes + memoryLimit / 16);
        }
        return null;
    }

    /**
     * Adds the END record of a transaction, read at {@code offset} of {@code partition}. It waits,
     * behind any END already waiting, while {@code maxEndsAhead} transactions hold theirs, unless
     * changes of its transaction have arrived already.
     */
    public void addEnd(TransactionEnd end, TopicPartition partition, long offset) {
        if (!waitingEnds.isEmpty()
                || (inCommitOrder.size() >= maxEndsAhead && !byId.containsKey(end.id()))) {
            // Neither read nor opened in the progress yet: a restart reads it again.
            waitingEnds.add(new WaitingEnd(end, partition, offset));
            admitWaitingEnds();
            return;
        }
        openEnd(end, partition, offset);
    }

    private record WaitingEnd(TransactionEnd end, TopicPartition partition, long offset) {}

    /** Opens waiting END records, in order, while there is room or their changes are here. */
    private void admitWaitingEnds() {
        for (WaitingEnd head = waitingEnds.peek();
                head != null
                        && (inCommitOrder.size() < maxEndsAhead
                                || byId.containsKey(head.end().id()));
                head = waitingEnds.peek()) {
            waitingEnds.poll();
            openEnd(head.end(), head.partition(), head.offset());
        }
    }

    private void openEnd(TransactionEnd end, TopicPartition partition, long offset) {
        long expected = expectedChanges(end);
        if (wasApplied(end.id())
                || (expected == 0 && !byId.containsKey(end.id()) && !appliesDdl(end))) {
            progress.read(partition, offset);
            return;
        }
        UpstreamTransaction tx = transaction(end.id());
        tx.end(end, expected);
        inCommitOrder.addLast(tx);
        if (tx.touch(partition, offset)) {
            progress.opened(tx, partition, offset);
        }
        progress.read(partition, offset);
    }

    /** Whether the END is a DDL statement on a table this job applies (it opens, no changes). */
    private boolean appliesDdl(TransactionEnd end) {
        SchemaChange change = end.schemaChange();
        return change != null
                && (applies.test(change.table())
                        || (change.previousTable() != null
                                && applies.test(change.previousTable())));
    }

    /**
     * Whether a restart found the transaction applied already. The set empties once the restart's
     * transactions are past; asking an empty one hashed every id for nothing.
     */
    private boolean wasApplied(String id) {
        return !applied.isEmpty() && applied.contains(id);
    }

    private long expectedChanges(TransactionEnd end) {
        if (end.eventCountByTable().isEmpty()) {
            return end.eventCount();
        }
        long expected = 0;
        for (Map.Entry<TableId, Long> table : end.eventCountByTable().entrySet()) {
            if (applies.test(table.getKey())) {
                expected += table.getValue();
            }
        }
        return expected;
    }

    /** Whether END records would open their transaction now rather than wait. */
    public boolean wantsEnds() {
        return inCommitOrder.size() + waitingEnds.size() < maxEndsAhead;
    }

    /** The oldest transaction when it is complete, removed from assembly; null otherwise. */
    public UpstreamTransaction pollComplete() {
        admitWaitingEnds();
        UpstreamTransaction tx = inCommitOrder.peekFirst();
        if (tx == null || !tx.isComplete()) {
            return null;
        }
        if (tx.eventCount() > 0 && tx.eventCount() != endCount(tx)) {
            throw new IllegalStateException(
                    tx
                            + " has "
                            + tx.eventCount()
                            + " changes in Kafka but its END record counts "
                            + endCount(tx)
                            + ": another producer writes to the change topics, or they were read"
                            + " read_uncommitted");
        }
        inCommitOrder.pollFirst();
        byId.remove(tx.id());
        memoryBytes -= tx.memoryBytes();
        if (memoryBytes <= memoryLimit) {
            nextSpillCheck = memoryLimit;
        }
        return tx;
    }

    private static long endCount(UpstreamTransaction tx) {
        return tx.expectedEventCount();
    }

    /** Transactions being assembled, and those known by their END record only, waiting. */
    public int openTransactions() {
        return byId.size() + waitingEnds.size();
    }

    /** END records waiting to open their transaction. */
    int endsWaiting() {
        return waitingEnds.size();
    }

    /** Bytes of changes held in memory by transactions being assembled. */
    public long memoryBytes() {
        return memoryBytes;
    }

    /** Transactions moved to disk so far. */
    public long spilledTransactions() {
        return spilled;
    }

    /** In one probe of the map: each change and END record asks, and the map is large. */
    private UpstreamTransaction transaction(String id) {
        return byId.computeIfAbsent(id, UpstreamTransaction::binlog);
    }

    private void spillLargest() {
        UpstreamTransaction largest = null;
        for (UpstreamTransaction tx : byId.values()) {
            if (!tx.isSpilled() && (largest == null || tx.bytes() > largest.bytes())) {
                largest = tx;
            }
        }
        // Spilling a small transaction frees little and costs a file: only one worth it.
        if (largest != null && largest.memoryBytes() >= memoryLimit / 16) {
            spill(largest);
        }
    }

    private void spill(UpstreamTransaction tx) {
        memoryBytes -= tx.memoryBytes();
        tx.spillTo(spillDirectory);
        spilled++;
    }
}
