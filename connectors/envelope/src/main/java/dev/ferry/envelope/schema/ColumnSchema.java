package dev.ferry.envelope.schema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.io.Serializable;

/**
 * One upstream column as the capture job read it from information_schema: its full MySQL type
 * ({@code bigint(20) unsigned}, {@code enum('a','b')}), its base type, and whether it holds JSON
 * (MariaDB stores JSON as LONGTEXT with a json_valid check, so the base type alone cannot say).
 * {@code defaultValue} is the default as an SQL expression ({@code 'abc'}, {@code 0}, {@code NULL},
 * {@code current_timestamp()}), null when the column has none: a column added downstream needs it
 * for the rows that exist there already.
 */
public record ColumnSchema(
        String name,
        String columnType,
        String dataType,
        boolean nullable,
        boolean json,
        String characterSet,
        String collation,
        String defaultValue)
        implements Serializable {

    /** A column without a known default (definitions published before defaults were). */
    public ColumnSchema(
            String name,
            String columnType,
            String dataType,
            boolean nullable,
            boolean json,
            String characterSet,
            String collation) {
        this(name, columnType, dataType, nullable, json, characterSet, collation, null);
    }

    /** True for types whose envelope form is base64 text that must be decoded to bytes. */
    @JsonIgnore
    public boolean isBinary() {
        return BinaryTypes.isBinary(dataType);
    }
}
