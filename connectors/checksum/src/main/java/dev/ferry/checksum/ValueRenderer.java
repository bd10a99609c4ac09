package dev.ferry.checksum;

import java.math.BigDecimal;
import java.util.HexFormat;

/** Renders a value briefly for difference reports: one line, long values cut short. */
final class ValueRenderer {

    /** Characters (code points) of a string shown before it is cut. */
    static final int MAX_CHARS = 40;

    /** Bytes of a binary value shown before it is cut. */
    static final int MAX_BYTES = 16;

    private ValueRenderer() {}

    static String render(ValueKind kind, Object value) {
        if (value == null) {
            return "NULL";
        }
        return switch (kind) {
            case EXACT_NUMBER -> ((BigDecimal) value).toPlainString();
            case FLOAT, DOUBLE -> value.toString();
            case BYTES -> bytes((byte[]) value);
                // JSON text is shown as is; quotes would be confused with JSON's own.
            case JSON -> text((String) value, "");
            case TEXT, TEMPORAL -> text((String) value, "'");
        };
    }

    private static String bytes(byte[] value) {
        if (value.length <= MAX_BYTES) {
            return "0x" + HexFormat.of().formatHex(value);
        }
        return "0x"
                + HexFormat.of().formatHex(value, 0, MAX_BYTES)
                + "… ("
                + value.length
                + " bytes)";
    }

    private static String text(String value, String quote) {
        int length = value.codePointCount(0, value.length());
        // Cut on a code-point boundary so an emoji is never split into half a surrogate pair.
        String shown =
                length <= MAX_CHARS
                        ? value
                        : value.substring(0, value.offsetByCodePoints(0, MAX_CHARS));
        String quoted = quote + escape(shown);
        return length <= MAX_CHARS
                ? quoted + quote
                : quoted + "…" + quote + " (" + length + " chars)";
    }

    private static String escape(String value) {
        StringBuilder out = new StringBuilder(value.length());
        value.codePoints()
                .forEach(
                        c -> {
                            switch (c) {
                                case '\\' -> out.append("\\\\");
                                case '\'' -> out.append("\\'");
                                case '\n' -> out.append("\\n");
                                case '\r' -> out.append("\\r");
                                case '\t' -> out.append("\\t");
                                default -> {
                                    if (Character.isISOControl(c)) {
                                        out.append(String.format("\\u%04x", c));
                                    } else {
                                        out.appendCodePoint(c);
                                    }
                                }
                            }
                        });
        return out.toString();
    }
}
