package dev.ferry.apply.conflict;

/**
 * Counts the distinct key hashes of the transactions gathered into one batch: after folding, the
 * batch writes about one row per distinct key value, however many changes touched it.
 */
public final class DistinctKeys {
    private static final Object PRESENT = new Object();
    private final LongKeyMap<Object> seen = new LongKeyMap<>();

    /** Adds the keys; returns how many of them were not there yet. */
    public int add(long[] keys) {
        int before = seen.size();
        for (long key : keys) {
            seen.put(key, PRESENT);
        }
        return seen.size() - before;
    }

    /** How many of the keys, which are distinct, are not there yet. */
    public int countNew(long[] keys) {
        int count = 0;
        for (long key : keys) {
            if (seen.get(key) == null) {
                count++;
            }
        }
        return count;
    }

    public int size() {
        return seen.size();
    }
}
