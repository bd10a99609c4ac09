package dev.ferry.apply.conflict;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TableId;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The key values a change touches, as 64-bit hashes: its primary key before and after, and every
 * unique key's values before and after (a unique key with a NULL part constrains nothing). Two
 * changes that touch a common value must reach the downstream in upstream order. A hash collision
 * only makes two transactions wait for each other without need.
 *
 * <p>Not thread-safe: one thread collects the keys of the transactions it releases.
 */
public final class ConflictKeys {
    /** Table ids whose hash is kept: more instances than tables come only from a bare parser. */
    private static final int MAX_TABLE_HASHES = 4096;

    private final Function<TableId, List<List<String>>> uniqueKeys;

    /**
     * Each table's name hash, by table id instance: the parser hands every change of a table the
     * same one, and hashing the names again cost a tenth of the conflict keys' time.
     */
    private final Map<TableId, Long> tableHashes = new IdentityHashMap<>();

    /**
     * @param uniqueKeys the column lists of a table's unique keys other than the primary key
     */
    public ConflictKeys(Function<TableId, List<List<String>>> uniqueKeys) {
        this.uniqueKeys = uniqueKeys;
    }

    /** Adds the change's key hashes to {@code into}. */
    public void collect(ChangeEvent change, KeySet into) {
        // Hashed part by part: this runs for every change, and a concatenated name or a value's
        // text would be a string to build and drop each time.
        TableId id = change.table();
        long table = tableHash(id);
        add(table, 0, change.keyColumns(), change.before(), into);
        add(table, 0, change.keyColumns(), change.after(), into);
        List<List<String>> unique = uniqueKeys.apply(id);
        if (!unique.isEmpty()) {
            into.touchesUniqueKeys = true;
        }
        for (int i = 0; i < unique.size(); i++) {
            add(table, i + 1, unique.get(i), change.before(), into);
            add(table, i + 1, unique.get(i), change.after(), into);
        }
    }

    private long tableHash(TableId id) {
        Long known = tableHashes.get(id);
        if (known != null) {
            return known;
        }
        long hash = hash(id.table(), hash(id.database(), 17));
        if (tableHashes.size() < MAX_TABLE_HASHES) {
            tableHashes.put(id, hash);
        }
        return hash;
    }

    /**
     * @param index 0 for the primary key, 1 + its position for a unique key
     */
    private static void add(
            long table, int index, List<String> columns, Map<String, Object> row, KeySet into) {
        if (row == null) {
            return;
        }
        long h = mix(table, index);
        for (String column : columns) {
            Object value = row.get(column);
            if (value == null) {
                return;
            }
            h = hashValue(value, h * 31 + 7);
        }
        into.add(h);
    }

    private static long hashValue(Object value, long seed) {
        if (value instanceof Long
                || value instanceof Integer
                || value instanceof Short
                || value instanceof Byte) {
            // One value, whichever integer type the parser chose for it.
            return mix(seed, ((Number) value).longValue());
        }
        return hash(valueText(value), seed);
    }

    /** Mixes a 64-bit value into a hash (a variant of SplitMix64's finaliser). */
    private static long mix(long seed, long value) {
        long h = (seed ^ 0x9E3779B97F4A7C15L) + value * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ (h >>> 31)) * 0x94D049BB133111EBL;
        return h ^ (h >>> 29);
    }

    private static String valueText(Object value) {
        if (value instanceof byte[] bytes) {
            return Arrays.toString(bytes);
        }
        if (value instanceof String s) {
            // MySQL's default collations compare case- and trailing-space-insensitively: make
            // values that the downstream's unique index sees as equal hash alike.
            return s.stripTrailing().toLowerCase(java.util.Locale.ROOT);
        }
        return value.toString();
    }

    private static long hash(String text, long seed) {
        long h = seed ^ 0x9E3779B97F4A7C15L;
        for (int i = 0; i < text.length(); i++) {
            h = (h ^ text.charAt(i)) * 0x100000001B3L;
        }
        return h ^ (h >>> 29);
    }

    /** A growable set of key hashes (duplicates allowed; the detector tolerates them). */
    public static final class KeySet {
        private long[] keys = new long[8];
        private int size;
        private boolean touchesUniqueKeys;

        /**
         * Whether a change was to a table with a unique key besides the primary key: folding such a
         * transaction's rows with an earlier one's can reorder a unique value's move between rows.
         */
        public boolean touchesUniqueKeys() {
            return touchesUniqueKeys;
        }

        public void add(long key) {
            if (size == keys.length) {
                keys = Arrays.copyOf(keys, size * 2);
            }
            keys[size++] = key;
        }

        public int size() {
            return size;
        }

        public long get(int i) {
            return keys[i];
        }
    }
}
