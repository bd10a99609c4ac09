package dev.ferry.checksum;

import java.util.Locale;

/** How a column's values are read, compared and shown, derived from its SQL type. */
enum ValueKind {
    /** Integers of any width and sign, and DECIMAL: read as BigDecimal, compared by value. */
    EXACT_NUMBER,
    /**
     * FLOAT: compared as float, because servers print a FLOAT with differing digits (1.1 or
     * 1.100000023841858) that are the same single-precision value.
     */
    FLOAT,
    /** DOUBLE and REAL. */
    DOUBLE,
    /** Character strings, ENUM and SET: compared as Java strings. */
    TEXT,
    /** Binary strings, BLOBs, BIT and spatial values: compared as byte arrays. */
    BYTES,
    /**
     * DATE, DATETIME, TIMESTAMP, TIME, YEAR: selected as {@code CAST(col AS CHAR)} so the server
     * renders them (with all fractional digits) and no JDBC time-zone conversion applies.
     */
    TEMPORAL,
    /** JSON: compared as parsed trees, because TiDB normalises JSON text and MariaDB does not. */
    JSON;

    /** The kind for an {@code information_schema.COLUMNS.DATA_TYPE} value. */
    static ValueKind of(String dataType) {
        return switch (dataType.toLowerCase(Locale.ROOT)) {
            case "tinyint",
                            "smallint",
                            "mediumint",
                            "int",
                            "integer",
                            "bigint",
                            "decimal",
                            "numeric" ->
                    EXACT_NUMBER;
            case "float" -> FLOAT;
            case "double", "real", "double precision" -> DOUBLE;
            case "binary",
                            "varbinary",
                            "tinyblob",
                            "blob",
                            "mediumblob",
                            "longblob",
                            "bit",
                            "geometry",
                            "point",
                            "linestring",
                            "polygon",
                            "multipoint",
                            "multilinestring",
                            "multipolygon",
                            "geometrycollection" ->
                    BYTES;
            case "date", "datetime", "timestamp", "time", "year" -> TEMPORAL;
            case "json" -> JSON;
                // Character types, ENUM, SET and anything unknown: the server's text is the value.
            default -> TEXT;
        };
    }
}
