package dev.ferry.checksum;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The primary-key values of one row, as read from either side.
 *
 * <p>Equality is by value, not by how a side typed it: 7 read from an INT and 7.0 read from a
 * DECIMAL are the same key, and binary keys compare by content.
 */
final class RowKey {

    private final Object[] values;
    private final List<Object> identity;

    RowKey(Object... values) {
        this.values = values.clone();
        List<Object> normalised = new ArrayList<>(values.length);
        for (Object value : values) {
            normalised.add(identityOf(value));
        }
        this.identity = normalised;
    }

    int size() {
        return values.length;
    }

    /** The value as read, for binding back into a query. */
    Object value(int index) {
        return values[index];
    }

    private static Object identityOf(Object value) {
        if (value instanceof BigDecimal decimal) {
            // stripTrailingZeros makes equals and hashCode agree with compareTo (1.50 == 1.5).
            return decimal.signum() == 0 ? BigDecimal.ZERO : decimal.stripTrailingZeros();
        }
        if (value instanceof byte[] bytes) {
            return ByteBuffer.wrap(bytes.clone());
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RowKey key && identity.equals(key.identity);
    }

    @Override
    public int hashCode() {
        return identity.hashCode();
    }

    @Override
    public String toString() {
        return Arrays.deepToString(values);
    }
}
