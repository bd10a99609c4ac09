package dev.ferry.apply.progress;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of a commit's transaction ids in the progress table. A commit holds up to {@code
 * apply.batch-size} ids, and that text is written with every commit: it must be short, and quick to
 * send. Ids of one commit share a long prefix ({@code file=mysql-bin.000042,pos=} on MariaDB, the
 * server UUID of a GTID), so the prefix is written once:
 *
 * <pre>{@code >prefix suffix1 suffix2 ...}</pre>
 *
 * <p>Each part is percent-encoded where it holds {@code %}, a space, a control character, a quote
 * or a backslash, so that the text needs no escaping in a SQL string literal: the driver then sends
 * it without copying it character by character, which for a text with a line break per id was a
 * fifth of an apply worker's time. Text not starting with {@code >} is the earlier format, one id
 * per line, and is still read.
 */
final class TransactionIdList {
    private static final char MARKER = '>';
    private static final char SEPARATOR = ' ';
    private static final String LEGACY_SEPARATOR = "\n";

    private TransactionIdList() {}

    static String format(List<String> ids) {
        String first = ids.get(0);
        int prefix = first.length();
        for (String id : ids) {
            prefix = commonPrefix(first, id, prefix);
        }
        StringBuilder text = new StringBuilder(16 + ids.size() * 12);
        text.append(MARKER);
        encode(first, 0, prefix, text);
        for (String id : ids) {
            text.append(SEPARATOR);
            encode(id, prefix, id.length(), text);
        }
        return text.toString();
    }

    static List<String> parse(String text) {
        if (text.isEmpty() || text.charAt(0) != MARKER) {
            return List.of(text.split(LEGACY_SEPARATOR));
        }
        int end = text.indexOf(SEPARATOR);
        if (end < 0) {
            throw new IllegalArgumentException("no transaction id in '" + text + "'");
        }
        String prefix = decode(text, 1, end);
        List<String> ids = new ArrayList<>();
        while (end < text.length()) {
            int start = end + 1;
            end = text.indexOf(SEPARATOR, start);
            if (end < 0) {
                end = text.length();
            }
            ids.add(prefix + decode(text, start, end));
        }
        return ids;
    }

    /** The length of the prefix {@code a} and {@code b} share, at most {@code limit}. */
    static int commonPrefix(String a, String b, int limit) {
        int n = Math.min(limit, b.length());
        for (int i = 0; i < n; i++) {
            if (a.charAt(i) != b.charAt(i)) {
                return i;
            }
        }
        return n;
    }

    private static void encode(String id, int from, int to, StringBuilder text) {
        int plain = from;
        while (plain < to && !needsEncoding(id.charAt(plain))) {
            plain++;
        }
        text.append(id, from, plain); // nearly always all of it, copied at once
        for (int i = plain; i < to; i++) {
            char c = id.charAt(i);
            if (needsEncoding(c)) {
                text.append('%')
                        .append(Character.forDigit(c >> 4, 16))
                        .append(Character.forDigit(c & 15, 16));
            } else {
                text.append(c);
            }
        }
    }

    /** The characters a SQL string literal escapes, and the format's own. */
    private static boolean needsEncoding(char c) {
        return c <= SEPARATOR || c == '%' || c == '\'' || c == '"' || c == '\\' || c == 0x7f;
    }

    private static String decode(String text, int from, int to) {
        int percent = text.indexOf('%', from);
        if (percent < 0 || percent >= to) {
            return text.substring(from, to);
        }
        StringBuilder part = new StringBuilder(to - from);
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 2 < to) {
                part.append((char) Integer.parseInt(text, i + 1, i + 3, 16));
                i += 2;
            } else {
                part.append(c);
            }
        }
        return part.toString();
    }
}
