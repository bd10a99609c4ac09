package dev.ferry.checksum;

/**
 * A column present on both sides, with the SQL type each side declares and the rule that compares
 * its values.
 */
record ComparedColumn(String name, ValueKind kind, String sourceType, String targetType) {

    /** A column whose declared type is the same on both sides. */
    static ComparedColumn of(String name, String dataType) {
        return new ComparedColumn(name, ValueKind.of(dataType), dataType, dataType);
    }

    /** The select-list expression for this column on the side that declares {@code dataType}. */
    static String selectExpression(String name, String dataType) {
        String quoted = TableRef.quote(name);
        // Temporal values are rendered by the server: exact fractional seconds, and no JDBC
        // time-zone arithmetic (the session time zone is pinned to UTC for TIMESTAMP).
        return ValueKind.of(dataType) == ValueKind.TEMPORAL
                ? "CAST(" + quoted + " AS CHAR)"
                : quoted;
    }
}
