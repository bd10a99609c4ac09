package dev.ferry.benchmarks.funnel;

/**
 * A position in the upstream's binlog, as {@code SHOW MASTER STATUS} prints it; ordered by file
 * number, then offset.
 */
public record BinlogPosition(String file, long offset) implements Comparable<BinlogPosition> {

    /** Parses {@code mysql-bin.000003:4567}. */
    public static BinlogPosition parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException(
                    "a binlog position is 'file:offset', e.g. mysql-bin.000003:4567, not '"
                            + text
                            + "'");
        }
        try {
            return new BinlogPosition(
                    text.substring(0, colon), Long.parseLong(text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the offset of '" + text + "' is not a number");
        }
    }

    /** The number at the end of the file name: 3 for mysql-bin.000003. */
    public long fileNumber() {
        int dot = file.lastIndexOf('.');
        try {
            return Long.parseLong(file.substring(dot + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("binlog file '" + file + "' has no number suffix");
        }
    }

    @Override
    public int compareTo(BinlogPosition other) {
        int files = Long.compare(fileNumber(), other.fileNumber());
        return files != 0 ? files : Long.compare(offset, other.offset);
    }

    @Override
    public String toString() {
        return file + ":" + offset;
    }
}
