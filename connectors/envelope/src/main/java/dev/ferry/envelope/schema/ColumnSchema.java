package dev.ferry.envelope.schema;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.io.Serializable;

/**
 * One upstream column as the capture job read it from information_schema: its full MySQL type
 * ({@code bigint(20) unsigned}, {@code enum('a','b')}), its base type, and whether it holds JSON
 * (MariaDB stores JSON as LONGTEXT with a json_valid check, so the base type alone cannot say).
 */
public record ColumnSchema(
        String name,
        String columnType,
        String dataType,
        boolean nullable,
        boolean json,
        String characterSet,
        String collation)
        implements Serializable {

    /** True for types whose envelope form is base64 text that must be decoded to bytes. */
    @JsonIgnore
    public boolean isBinary() {
        return BinaryTypes.isBinary(dataType);
    }
}
