package dev.ferry.benchmarks.funnel;

/**
 * What a pass over a binlog range counted: every binlog event and its bytes (headers included, as
 * they travel on the wire), the row events among them, the row changes they hold when their bodies
 * were parsed, the commits (XID events), and when the first and last event of the range arrived.
 */
public final class BinlogCounter {
    private long events;
    private long bytes;
    private long rowEvents;
    private long rowChanges;
    private long commits;
    private long firstEventMs;
    private long lastEventMs;

    /** Counts one event of {@code length} bytes that arrived at {@code nowMs}. */
    public void add(long length, boolean rowEvent, long rows, boolean commit, long nowMs) {
        if (events == 0) {
            firstEventMs = nowMs;
        }
        events++;
        bytes += length;
        rowEvents += rowEvent ? 1 : 0;
        rowChanges += rows;
        commits += commit ? 1 : 0;
        lastEventMs = nowMs;
    }

    public long events() {
        return events;
    }

    public long bytes() {
        return bytes;
    }

    public long rowEvents() {
        return rowEvents;
    }

    public long rowChanges() {
        return rowChanges;
    }

    public long commits() {
        return commits;
    }

    public long firstEventMs() {
        return firstEventMs;
    }

    public long lastEventMs() {
        return lastEventMs;
    }
}
