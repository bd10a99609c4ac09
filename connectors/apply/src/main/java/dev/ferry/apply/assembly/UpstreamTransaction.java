package dev.ferry.apply.assembly;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TransactionEnd;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.kafka.common.TopicPartition;

/**
 * One unit of apply: an upstream transaction being assembled from the change topics and the
 * transaction topic, or snapshot rows (which belong to no transaction): one, or a run of them read
 * together ({@link SnapshotRows}). Its changes live in memory until it grows past the memory limit,
 * then in a {@link SpillFile}.
 */
public final class UpstreamTransaction {
    private final String id;
    private CommitPosition position;

    /**
     * The partitions it has records in, with its first and last offset in each: two for most
     * transactions (a change topic and the transaction topic), so arrays, not maps.
     */
    private TopicPartition[] partitions = new TopicPartition[2];

    private long[] firstOffsets = new long[2];
    private long[] lastOffsets = new long[2];
    private int partitionCount;
    private List<ChangeEvent> events = new ArrayList<>();
    private SpillFile spill;
    private TransactionEnd end;
    private long expected;
    private long received;
    private long bytes;
    private long commitTimestampMs;

    private UpstreamTransaction(String id, CommitPosition position) {
        this.id = id;
        this.position = position;
    }

    /**
     * A binlog transaction, first seen through one of its changes or its END record; its position
     * is known once its END record is.
     */
    static UpstreamTransaction binlog(String id) {
        return new UpstreamTransaction(id, null);
    }

    /** A snapshot row: complete on arrival. */
    static UpstreamTransaction snapshotRow(ChangeEvent row, int bytes) {
        UpstreamTransaction unit = new UpstreamTransaction(null, null);
        unit.events.add(row);
        unit.received = 1;
        unit.bytes = bytes;
        return unit;
    }

    /** Snapshot rows, none yet: complete with every row added. */
    static UpstreamTransaction snapshotRows(int expectedRows) {
        UpstreamTransaction unit = new UpstreamTransaction(null, null);
        unit.events = new ArrayList<>(expectedRows);
        return unit;
    }

    /** Adds a row to snapshot rows (their commit time stays unknown: they belong to none). */
    void addSnapshotRow(ChangeEvent row, int size) {
        events.add(row);
        received++;
        bytes += size;
    }

    void add(ChangeEvent event, int size) {
        if (spill != null) {
            spill.append(event);
        } else {
            events.add(event);
        }
        received++;
        bytes += size;
        commitTimestampMs = Math.max(commitTimestampMs, event.source().commitTimestampMs());
    }

    /**
     * @param expected the changes to wait for: those of the END record's tables that this job
     *     applies
     */
    void end(TransactionEnd end, long expected) {
        this.end = end;
        this.expected = expected;
        this.position = new CommitPosition(end.file(), end.position());
        commitTimestampMs = Math.max(commitTimestampMs, end.commitTimestampMs());
    }

    /**
     * Notes a record of this unit; true when it is the unit's first in that partition (where a
     * restart must read again while the unit is not applied).
     */
    boolean touch(TopicPartition partition, long offset) {
        for (int i = 0; i < partitionCount; i++) {
            if (partitions[i].equals(partition)) {
                lastOffsets[i] = offset;
                return false;
            }
        }
        if (partitionCount == partitions.length) {
            partitions = Arrays.copyOf(partitions, partitionCount * 2);
            firstOffsets = Arrays.copyOf(firstOffsets, partitionCount * 2);
            lastOffsets = Arrays.copyOf(lastOffsets, partitionCount * 2);
        }
        partitions[partitionCount] = partition;
        firstOffsets[partitionCount] = offset;
        lastOffsets[partitionCount] = offset;
        partitionCount++;
        return true;
    }

    /** Moves the changes held in memory to disk; later changes go there too. */
    void spillTo(Path directory) {
        spill = new SpillFile(directory, "tx-");
        for (ChangeEvent event : events) {
            spill.append(event);
        }
        events = Collections.emptyList();
    }

    /** Null for snapshot rows. */
    public String id() {
        return id;
    }

    public boolean isSnapshotRow() {
        return id == null;
    }

    /** Where the upstream committed it; null for a snapshot row, and until its END record. */
    public CommitPosition position() {
        return position;
    }

    public boolean isComplete() {
        return id == null || (end != null && received >= expected);
    }

    /** The changes its END record announces for the tables this job applies. */
    public long expectedEventCount() {
        return expected;
    }

    /** Changes received so far. */
    public long eventCount() {
        return received;
    }

    /** Bytes of the change records received so far, as read from Kafka. */
    public long bytes() {
        return bytes;
    }

    /** Bytes held in memory (zero once spilled). */
    public long memoryBytes() {
        return spill == null ? bytes : 0;
    }

    public long commitTimestampMs() {
        return commitTimestampMs;
    }

    /** The DDL statement this transaction is (it has no changes then), or null. */
    public SchemaChange schemaChange() {
        return end == null ? null : end.schemaChange();
    }

    public boolean isSpilled() {
        return spill != null;
    }

    /** The changes, when held in memory. */
    public List<ChangeEvent> events() {
        if (spill != null) {
            throw new IllegalStateException("transaction " + id + " is spilled; use spill()");
        }
        return events;
    }

    public SpillFile spill() {
        return spill;
    }

    /** The partitions the unit has records in: {@link #partition} 0 to this, exclusive. */
    public int partitionCount() {
        return partitionCount;
    }

    public TopicPartition partition(int index) {
        return partitions[index];
    }

    /** The offset of the unit's first record in {@link #partition}{@code (index)}. */
    public long firstOffset(int index) {
        return firstOffsets[index];
    }

    /** The offset of the unit's last record in {@link #partition}{@code (index)}. */
    public long lastOffset(int index) {
        return lastOffsets[index];
    }

    /** Frees what the transaction holds, deleting its spill file. */
    public void release() {
        events = Collections.emptyList();
        if (spill != null) {
            spill.close();
        }
    }

    @Override
    public String toString() {
        if (id == null) {
            return received == 1 ? "snapshot row" : received + " snapshot rows";
        }
        return (schemaChange() != null ? "DDL " : "transaction ") + id;
    }
}
