package dev.ferry.apply.assembly;

import java.util.Comparator;

/**
 * Where an upstream transaction starts in the binlog. Binlog order is commit order, so this orders
 * transactions the way the upstream committed them.
 */
public record CommitPosition(String file, long position) implements Comparable<CommitPosition> {
    private static final Comparator<CommitPosition> ORDER =
            Comparator.comparing(CommitPosition::file).thenComparingLong(CommitPosition::position);

    /**
     * Reads the position out of a transaction id of the form {@code file=…,pos=…}, the form the
     * capture job writes; null when the id has another form.
     */
    public static CommitPosition ofTransactionId(String id) {
        if (!id.startsWith("file=")) {
            return null;
        }
        int comma = id.indexOf(",pos=");
        if (comma < 0) {
            return null;
        }
        try {
            return new CommitPosition(
                    id.substring(5, comma), Long.parseLong(id.substring(comma + 5)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public int compareTo(CommitPosition other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return file + ":" + position;
    }
}
