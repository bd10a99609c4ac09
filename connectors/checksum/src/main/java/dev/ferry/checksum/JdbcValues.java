package dev.ferry.checksum;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads a column value from a result set, and binds a key value, according to its kind. */
final class JdbcValues {

    private JdbcValues() {}

    static Object read(ResultSet rows, int column, ValueKind kind) throws SQLException {
        return switch (kind) {
                // getBigDecimal is exact for BIGINT UNSIGNED above 2^63 and for TINYINT(1), which
                // getObject would turn into a Boolean.
            case EXACT_NUMBER -> rows.getBigDecimal(column);
            case FLOAT -> {
                float value = rows.getFloat(column);
                yield rows.wasNull() ? null : value;
            }
            case DOUBLE -> {
                double value = rows.getDouble(column);
                yield rows.wasNull() ? null : value;
            }
            case BYTES -> rows.getBytes(column);
            case TEXT, TEMPORAL, JSON -> rows.getString(column);
        };
    }

    static void bind(PreparedStatement statement, int parameter, ValueKind kind, Object value)
            throws SQLException {
        switch (kind) {
                // A decimal literal compares exactly with any integer column; a string would be
                // compared as a double and lose precision above 2^53.
            case EXACT_NUMBER -> statement.setBigDecimal(parameter, (BigDecimal) value);
            case FLOAT -> statement.setFloat(parameter, (Float) value);
            case DOUBLE -> statement.setDouble(parameter, (Double) value);
            case BYTES -> statement.setBytes(parameter, (byte[]) value);
            case TEXT, TEMPORAL, JSON -> statement.setString(parameter, (String) value);
        }
    }
}
