package dev.ferry.apply.assembly;

import dev.ferry.apply.progress.ApplyProgress;
import dev.ferry.envelope.ChangeEvent;
import org.apache.kafka.common.TopicPartition;

/**
 * Gathers snapshot rows, in the order read, into units of apply of up to {@code maxRows} rows, so
 * that a full import pays the scheduling, conflict tracking and progress bookkeeping once per unit
 * instead of once per row. Snapshot rows are independent upserts that belong to no transaction; a
 * unit of them keeps every row's key for the conflict detector (a row read twice, as after a
 * capture restart in its snapshot, still reaches the downstream in the order read), and the first
 * offset of each partition it has rows in, so a restart reads again from the oldest unapplied row.
 *
 * <p>The caller hands out the open unit with {@link #take} before it releases any binlog
 * transaction: a binlog transaction waits for every snapshot row read before it.
 *
 * <p>Not thread-safe: the reading thread's.
 */
public final class SnapshotRows {
    private final ApplyProgress progress;
    private final int maxRows;
    private UpstreamTransaction open;
    private boolean addedSinceLastLook;

    /**
     * @param maxRows rows per unit: a downstream batch's worth ({@code apply.batch-size})
     */
    public SnapshotRows(ApplyProgress progress, int maxRows) {
        this.progress = progress;
        this.maxRows = Math.max(1, maxRows);
    }

    /**
     * Adds a snapshot row read at {@code offset} of {@code partition}.
     *
     * @return the unit it completed, to apply now; null while it has room
     */
    public UpstreamTransaction add(
            ChangeEvent row, TopicPartition partition, long offset, int bytes) {
        if (open == null) {
            open = UpstreamTransaction.snapshotRows(maxRows);
        }
        if (open.touch(partition, offset)) {
            progress.opened(open, partition, offset);
        }
        progress.read(partition, offset);
        open.addSnapshotRow(row, bytes);
        addedSinceLastLook = true;
        return open.eventCount() >= maxRows ? take() : null;
    }

    /** The rows gathered so far as one unit, or null when there are none. */
    public UpstreamTransaction take() {
        UpstreamTransaction unit = open;
        open = null;
        return unit;
    }

    /**
     * The rows gathered so far when none came since the last call: called on a timer, it hands out
     * the rows the snapshot's end left, while a running snapshot keeps filling whole units.
     */
    public UpstreamTransaction takeIfIdle() {
        boolean idle = !addedSinceLastLook;
        addedSinceLastLook = false;
        return idle ? take() : null;
    }

    public boolean isEmpty() {
        return open == null;
    }
}
