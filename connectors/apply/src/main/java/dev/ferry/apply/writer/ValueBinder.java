package dev.ferry.apply.writer;

import dev.ferry.apply.catalog.DownstreamTable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Base64;
import java.util.List;

/**
 * Binds envelope values to one statement's parameters by the downstream column types, which it
 * looks up once per statement rather than once per value: base64 text becomes bytes for binary
 * columns, a UTC TIMESTAMP loses its 'Z' (the session runs in UTC), the rest binds as it is.
 */
final class ValueBinder {
    /** How a column's values are bound. */
    private enum Kind {
        PLAIN,
        BINARY,
        TIMESTAMP
    }

    private final Kind[] kinds;

    private ValueBinder(Kind[] kinds) {
        this.kinds = kinds;
    }

    /** A binder for rows of {@code columns}, in that order, written to {@code table}. */
    static ValueBinder forColumns(DownstreamTable table, List<String> columns) {
        Kind[] kinds = new Kind[columns.size()];
        for (int i = 0; i < kinds.length; i++) {
            String column = columns.get(i);
            kinds[i] =
                    table.isBinary(column)
                            ? Kind.BINARY
                            : table.isTimestamp(column) ? Kind.TIMESTAMP : Kind.PLAIN;
        }
        return new ValueBinder(kinds);
    }

    /** Binds the value of the {@code column}-th column to parameter {@code index}. */
    void bind(PreparedStatement statement, int index, int column, Object value)
            throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof String text) {
            switch (kinds[column]) {
                case BINARY -> statement.setBytes(index, Base64.getDecoder().decode(text));
                case TIMESTAMP ->
                        statement.setString(
                                index,
                                text.endsWith("Z") ? text.substring(0, text.length() - 1) : text);
                default -> statement.setString(index, text);
            }
        } else if (value instanceof Long number) {
            statement.setLong(index, number);
        } else if (value instanceof BigInteger number) {
            statement.setBigDecimal(index, new BigDecimal(number));
        } else if (value instanceof Double number) {
            statement.setDouble(index, number);
        } else if (value instanceof Boolean flag) {
            statement.setBoolean(index, flag);
        } else {
            statement.setObject(index, value);
        }
    }

    /**
     * Whether the driver writes the value of the {@code column}-th column into a statement's text
     * exactly as it would send it: text, numbers, booleans and nulls. Bytes are not (the driver's
     * text of a statement is a Java string, which would not keep every byte), nor objects it might
     * send as a stream.
     */
    boolean textSafe(int column, Object value) {
        if (value == null) {
            return true;
        }
        if (value instanceof String) {
            return kinds[column] != Kind.BINARY;
        }
        return value instanceof Long
                || value instanceof Integer
                || value instanceof BigInteger
                || value instanceof BigDecimal
                || value instanceof Double
                || value instanceof Boolean;
    }

    /** A rough size of the value in the statement, to keep statements under a byte limit. */
    static int estimateBytes(Object value) {
        if (value instanceof String text) {
            return text.length() + 4;
        }
        return 12;
    }
}
