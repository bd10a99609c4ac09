package dev.ferry.benchmarks.direct;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Turns a value of Debezium's MySQL snapshot record (with the capture's settings: decimals and
 * unsigned BIGINT precise, binary as bytes) into what the JDBC driver binds for the same column
 * downstream. Temporal columns arrive as numbers named by Debezium's logical types; the rest as
 * they are.
 */
final class DebeziumValues {
    private static final DateTimeFormatter DATETIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");

    private DebeziumValues() {}

    /**
     * The bindable value of {@code value}, whose Connect schema has the logical name {@code
     * logicalName} (null for a plain type).
     *
     * @throws IllegalArgumentException for a logical type this probe does not convert
     */
    static Object bindable(String logicalName, Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof ByteBuffer buffer) {
            byte[] bytes = new byte[buffer.remaining()];
            buffer.duplicate().get(bytes);
            return bytes;
        }
        if (logicalName == null) {
            return value;
        }
        return switch (logicalName) {
            case "io.debezium.time.Date" -> LocalDate.ofEpochDay(((Number) value).longValue());
            case "io.debezium.time.Timestamp" ->
                    DATETIME.format(
                            LocalDateTime.ofInstant(
                                    Instant.ofEpochMilli(((Number) value).longValue()),
                                    ZoneOffset.UTC));
            case "io.debezium.time.MicroTimestamp" ->
                    DATETIME.format(micros(((Number) value).longValue()));
            case "io.debezium.time.ZonedTimestamp" -> zoned((String) value);
            case "io.debezium.time.MicroTime" -> time(((Number) value).longValue());
            case "io.debezium.time.Time" -> time(((Number) value).longValue() * 1000);
            case "io.debezium.time.Year",
                            "io.debezium.data.Json",
                            "io.debezium.data.Enum",
                            "io.debezium.data.EnumSet",
                            "org.apache.kafka.connect.data.Decimal",
                            "io.debezium.data.Bits" ->
                    value;
            default ->
                    throw new IllegalArgumentException(
                            "the direct import probe does not convert Debezium's "
                                    + logicalName
                                    + " values; add it to DebeziumValues");
        };
    }

    private static LocalDateTime micros(long micros) {
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(micros, 1_000_000),
                (int) Math.floorMod(micros, 1_000_000) * 1000,
                ZoneOffset.UTC);
    }

    /** A UTC instant in ISO form ("2024-01-02T03:04:05.123Z"), as the session's UTC wall time. */
    private static String zoned(String iso) {
        return DATETIME.format(LocalDateTime.ofInstant(Instant.parse(iso), ZoneOffset.UTC));
    }

    /** MySQL TIME, which may be negative or past 24 hours: "[-]HHH:MM:SS.ffffff". */
    static String time(long micros) {
        String sign = micros < 0 ? "-" : "";
        long abs = Math.abs(micros);
        long seconds = abs / 1_000_000;
        return String.format(
                java.util.Locale.ROOT,
                "%s%02d:%02d:%02d.%06d",
                sign,
                seconds / 3600,
                seconds / 60 % 60,
                seconds % 60,
                abs % 1_000_000);
    }
}
