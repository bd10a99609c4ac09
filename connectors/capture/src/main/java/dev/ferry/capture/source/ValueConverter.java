package dev.ferry.capture.source;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Decimal;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Schema;

/**
 * Turns one Debezium column value into its envelope form (docs/envelope.md): SQL-style text for
 * temporal values, exact text for decimals, base64-able bytes for binary data, numbers otherwise.
 * One converter is chosen per column schema and reused for every row.
 */
@FunctionalInterface
interface ValueConverter {
    Object convert(Object value);

    DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /** Picks the converter for a column from its Connect schema (logical name, then type). */
    static ValueConverter forSchema(Schema schema) {
        String logical = schema.name();
        if (Decimal.LOGICAL_NAME.equals(logical)) {
            // The fat jar relocates Connect, and with it this name: compare with its constant.
            return value -> (BigDecimal) value;
        }
        if (logical != null) {
            switch (logical) {
                case "io.debezium.time.MicroTimestamp":
                    return value -> dateTime((Long) value, TimeUnit.MICROSECONDS);
                case "io.debezium.time.Timestamp":
                    return value -> dateTime((Long) value, TimeUnit.MILLISECONDS);
                case "io.debezium.time.NanoTimestamp":
                    return value -> dateTime((Long) value, TimeUnit.NANOSECONDS);
                case "io.debezium.time.ZonedTimestamp":
                    // "2024-01-02T03:04:05.123456Z" -> "2024-01-02 03:04:05.123456Z" (UTC).
                    return value -> ((String) value).replace('T', ' ');
                case "io.debezium.time.Date":
                    return value -> LocalDate.ofEpochDay(((Number) value).longValue()).toString();
                case "io.debezium.time.MicroTime":
                    return value -> time(((Number) value).longValue());
                case "io.debezium.time.Time":
                    return value -> time(((Number) value).longValue() * 1000);
                case "io.debezium.time.Year":
                    return value -> ((Number) value).longValue();
                case "io.debezium.data.Bits":
                    return ValueConverter::bytes;
                default:
                    // Json, Enum, EnumSet and other logical types over strings keep their text.
                    break;
            }
        }
        switch (schema.type()) {
            case INT8:
            case INT16:
            case INT32:
            case INT64:
                return value -> ((Number) value).longValue();
            case FLOAT32:
            case FLOAT64:
            case BOOLEAN:
            case STRING:
                return value -> value;
            case BYTES:
                return ValueConverter::bytes;
            default:
                throw new UnsupportedColumnTypeException(
                        "values of Connect type " + schema.type() + " (" + logical + ")");
        }
    }

    private static Object bytes(Object value) {
        if (value instanceof byte[]) {
            return value;
        }
        ByteBuffer buffer = ((ByteBuffer) value).duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    private static String dateTime(long amount, TimeUnit unit) {
        long seconds = unit.toSeconds(amount);
        long nanos = unit.toNanos(amount - unit.convert(seconds, TimeUnit.SECONDS));
        if (nanos < 0) {
            seconds -= 1;
            nanos += 1_000_000_000L;
        }
        LocalDateTime time = LocalDateTime.ofEpochSecond(seconds, (int) nanos, ZoneOffset.UTC);
        String text = DATE_TIME.format(time);
        return nanos == 0 ? text : text + fraction(nanos);
    }

    /** MySQL TIME spans -838:59:59 to 838:59:59, so hours are not wrapped at 24. */
    private static String time(long micros) {
        String sign = micros < 0 ? "-" : "";
        long abs = Math.abs(micros);
        long totalSeconds = abs / 1_000_000;
        long fraction = abs % 1_000_000;
        String text =
                String.format(
                        "%s%02d:%02d:%02d",
                        sign, totalSeconds / 3600, (totalSeconds / 60) % 60, totalSeconds % 60);
        return fraction == 0 ? text : text + fraction(fraction * 1000);
    }

    /** ".123456" for micro precision, ".123456789" only when nanoseconds are present. */
    private static String fraction(long nanos) {
        String digits = String.format("%09d", nanos);
        return "." + (digits.endsWith("000") ? digits.substring(0, 6) : digits);
    }
}
