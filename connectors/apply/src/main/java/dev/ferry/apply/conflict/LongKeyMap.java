package dev.ferry.apply.conflict;

/**
 * A hash map from {@code long} keys to values, by open addressing: the conflict detector looks up
 * and stores every key of every transaction, and a {@code HashMap<Long, ...>} boxed each one and
 * allocated an entry for it. Null values are not allowed (null marks a free slot). Not thread-safe.
 */
final class LongKeyMap<V> {
    private long[] keys = new long[1024];
    private Object[] values = new Object[1024];
    private int size;

    /** The value of {@code key}, or null. */
    @SuppressWarnings("unchecked")
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); values[i] != null; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return (V) values[i];
            }
        }
        return null;
    }

    void put(long key, V value) {
        if (value == null) {
            throw new IllegalArgumentException("null value");
        }
        if (2 * (size + 1) > keys.length) {
            resize(keys.length * 2);
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        for (; values[i] != null; i = (i + 1) & mask) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
        }
        keys[i] = key;
        values[i] = value;
        size++;
    }

    /** Removes {@code key} when it maps to {@code value} (the same object). */
    void remove(long key, V value) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); values[i] != null; i = (i + 1) & mask) {
            if (keys[i] == key) {
                if (values[i] == value) {
                    delete(i, mask);
                }
                return;
            }
        }
    }

    int size() {
        return size;
    }

    /**
     * Frees slot {@code i}, moving back later entries of its probe run so lookups still find them.
     */
    private void delete(int i, int mask) {
        int free = i;
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            // Entry j may move to the free slot unless its home lies cyclically in (free, j].
            boolean homeBetween =
                    free <= j ? (free < home && home <= j) : (free < home || home <= j);
            if (!homeBetween) {
                keys[free] = keys[j];
                values[free] = values[j];
                free = j;
            }
        }
        values[free] = null;
        size--;
    }

    private void resize(int capacity) {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[capacity];
        values = new Object[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                int j = slot(oldKeys[i], mask);
                while (values[j] != null) {
                    j = (j + 1) & mask;
                }
                keys[j] = oldKeys[i];
                values[j] = oldValues[i];
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
