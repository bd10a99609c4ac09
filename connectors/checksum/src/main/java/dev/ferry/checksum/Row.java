package dev.ferry.checksum;

import java.util.List;

/**
 * One row read from either side: its key and the values of the compared columns, in the order of
 * {@link ComparedTable#columns()}.
 */
record Row(RowKey key, Object[] values) {

    /** A row whose key is made of the values at {@code keyIndexes}. */
    static Row of(Object[] values, List<Integer> keyIndexes) {
        Object[] key = new Object[keyIndexes.size()];
        for (int i = 0; i < key.length; i++) {
            key[i] = values[keyIndexes.get(i)];
        }
        return new Row(new RowKey(key), values);
    }
}
