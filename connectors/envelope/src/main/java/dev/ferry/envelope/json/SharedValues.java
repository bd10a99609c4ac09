package dev.ferry.envelope.json;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Values already made from equal inputs, handed out again instead of new copies: table ids, key
 * column lists, binlog file names, which every record repeats and a parser would otherwise make
 * afresh each time. Cleared when it grows past its bound (many distinct inputs would be a bug
 * upstream, not a reason to grow). Thread-safe.
 */
final class SharedValues<K, V> {
    private final Map<K, V> known = new ConcurrentHashMap<>();
    private final int max;

    SharedValues(int max) {
        this.max = max;
    }

    /** The value made before from an input equal to {@code key}, else {@code make}'s. */
    V get(K key, Function<? super K, ? extends V> make) {
        V value = known.get(key);
        if (value == null) {
            if (known.size() >= max) {
                known.clear();
            }
            value = make.apply(key);
            known.put(key, value);
        }
        return value;
    }
}
