package dev.ferry.apply.progress;

import java.util.Arrays;

/**
 * The first offsets, in one Kafka partition, of the units read but not yet committed downstream:
 * the oldest of them is where a restart must read again. Units open in the order their first record
 * is read, so offsets arrive in increasing order and are kept in an array ring with a mark for
 * those committed; a commit finds its offset by binary search. This replaced a {@code TreeMap<Long,
 * Integer>}, whose boxing and tree nodes for every transaction were a tenth of an apply worker's
 * time.
 *
 * <p>Not thread-safe: {@link ApplyProgress} holds its lock.
 */
final class PendingOffsets {
    private long[] offsets = new long[64];
    private boolean[] committed = new boolean[64];
    private int head;
    private int size;

    /** A unit's first record in this partition was read at {@code offset}. */
    void opened(long offset) {
        if (size == offsets.length) {
            grow();
        }
        int at = size;
        // Offsets arrive in order; keep the array sorted should one not.
        while (at > 0 && offsets[index(at - 1)] > offset) {
            offsets[index(at)] = offsets[index(at - 1)];
            committed[index(at)] = committed[index(at - 1)];
            at--;
        }
        offsets[index(at)] = offset;
        committed[index(at)] = false;
        size++;
    }

    /** The unit whose first record here is at {@code offset} is committed downstream. */
    void committed(long offset) {
        int low = 0;
        int high = size - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long value = offsets[index(mid)];
            if (value < offset) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        // low: the first entry at or after offset; equal offsets (not expected) are marked in turn.
        for (int i = low; i < size && offsets[index(i)] == offset; i++) {
            if (!committed[index(i)]) {
                committed[index(i)] = true;
                dropCommittedHead();
                return;
            }
        }
    }

    /** The oldest first offset not committed, or -1 when every unit here is committed. */
    long oldest() {
        return size == 0 ? -1 : offsets[head];
    }

    private void dropCommittedHead() {
        while (size > 0 && committed[head]) {
            committed[head] = false;
            head = (head + 1) % offsets.length;
            size--;
        }
    }

    private int index(int i) {
        return (head + i) % offsets.length;
    }

    private void grow() {
        long[] moreOffsets = new long[offsets.length * 2];
        boolean[] moreCommitted = new boolean[offsets.length * 2];
        for (int i = 0; i < size; i++) {
            moreOffsets[i] = offsets[index(i)];
            moreCommitted[i] = committed[index(i)];
        }
        offsets = moreOffsets;
        committed = moreCommitted;
        head = 0;
    }

    @Override
    public String toString() {
        long[] pending = new long[size];
        for (int i = 0; i < size; i++) {
            pending[i] = committed[index(i)] ? -offsets[index(i)] : offsets[index(i)];
        }
        return Arrays.toString(pending);
    }
}
