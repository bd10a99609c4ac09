package dev.ferry.apply.assembly;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TransactionEnd;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * One unit of apply: an upstream transaction being assembled from the change topics and the
 * transaction topic, or a single snapshot row (which belongs to no transaction). Its changes live
 * in memory until it grows past the memory limit, then in a {@link SpillFile}.
 */
public final class UpstreamTransaction {
    private final String id;
    private CommitPosition position;
    private final Map<TopicPartition, Long> firstOffsets = new HashMap<>(4);
    private final Map<TopicPartition, Long> lastOffsets = new HashMap<>(4);
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

    /** A binlog transaction, first seen through one of its changes or its END record. */
    static UpstreamTransaction binlog(String id, CommitPosition position) {
        return new UpstreamTransaction(id, position);
    }

    /** A snapshot row: complete on arrival. */
    static UpstreamTransaction snapshotRow(ChangeEvent row, int bytes) {
        UpstreamTransaction unit = new UpstreamTransaction(null, null);
        unit.events.add(row);
        unit.received = 1;
        unit.bytes = bytes;
        return unit;
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
        lastOffsets.put(partition, offset);
        return firstOffsets.putIfAbsent(partition, offset) == null;
    }

    /** Moves the changes held in memory to disk; later changes go there too. */
    void spillTo(Path directory) {
        spill = new SpillFile(directory, "tx-");
        for (ChangeEvent event : events) {
            spill.append(event);
        }
        events = Collections.emptyList();
    }

    /** Null for a snapshot row. */
    public String id() {
        return id;
    }

    public boolean isSnapshotRow() {
        return id == null;
    }

    /** Null for a snapshot row. */
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

    public Map<TopicPartition, Long> firstOffsets() {
        return firstOffsets;
    }

    /** The offset of the unit's last record in each partition it has records in. */
    public Map<TopicPartition, Long> lastOffsets() {
        return lastOffsets;
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
        return id == null ? "snapshot row" : "transaction " + id;
    }
}
