package dev.ferry.checksum;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Objects;

/** Decides whether a source value and a target value of one column are equal. */
final class ValueComparison {

    private ValueComparison() {}

    /**
     * Whether the values are equal under the column's rule. NULL equals only NULL, so NULL and the
     * empty string differ.
     */
    static boolean equal(ValueKind kind, Object source, Object target) {
        if (source == null || target == null) {
            return source == target;
        }
        return switch (kind) {
                // compareTo ignores scale: DECIMAL(10,2) 1.50 equals DECIMAL(10,1) 1.5.
            case EXACT_NUMBER -> ((BigDecimal) source).compareTo((BigDecimal) target) == 0;
            case FLOAT -> Float.compare((Float) source, (Float) target) == 0;
            case DOUBLE -> Double.compare((Double) source, (Double) target) == 0;
            case BYTES -> Arrays.equals((byte[]) source, (byte[]) target);
            case JSON -> JsonEquality.equal((String) source, (String) target);
            case TEXT, TEMPORAL -> Objects.equals(source, target);
        };
    }
}
