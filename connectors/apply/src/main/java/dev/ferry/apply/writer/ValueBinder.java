package dev.ferry.apply.writer;

import dev.ferry.apply.catalog.DownstreamTable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Base64;

/**
 * Binds an envelope value to a statement parameter by the downstream column's type: base64 text
 * becomes bytes for binary columns, a UTC TIMESTAMP loses its 'Z' (the session runs in UTC), the
 * rest binds as it is.
 */
final class ValueBinder {
    private ValueBinder() {}

    static void bind(
            PreparedStatement statement,
            int index,
            Object value,
            DownstreamTable table,
            String column)
            throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.NULL);
        } else if (value instanceof String text) {
            if (table.isBinary(column)) {
                statement.setBytes(index, Base64.getDecoder().decode(text));
            } else if (table.isTimestamp(column) && text.endsWith("Z")) {
                statement.setString(index, text.substring(0, text.length() - 1));
            } else {
                statement.setString(index, text);
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

    /** A rough size of the value in the statement, to keep statements under a byte limit. */
    static int estimateBytes(Object value) {
        if (value instanceof String text) {
            return text.length() + 4;
        }
        return 12;
    }
}
