package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.funnel.BinlogPosition;
import java.util.List;

/**
 * Bytes of binlog between two positions of SHOW MASTER STATUS, across files: the rest of the first
 * file, every file in between, and the last file up to its offset (SHOW BINARY LOGS gives the
 * sizes).
 */
public final class BinlogBytes {
    private BinlogBytes() {}

    /** A file of SHOW BINARY LOGS and its size. */
    public record LogFile(String name, long size) {}

    /** The bytes from {@code from} to {@code to}; {@code logs} lists the files, oldest first. */
    public static long between(BinlogPosition from, BinlogPosition to, List<LogFile> logs) {
        if (from.file().equals(to.file())) {
            return to.offset() - from.offset();
        }
        long sum = 0;
        boolean inside = false;
        for (LogFile log : logs) {
            if (log.name().equals(from.file())) {
                sum += log.size() - from.offset();
                inside = true;
            } else if (log.name().equals(to.file())) {
                sum += to.offset();
                inside = false;
            } else if (inside) {
                sum += log.size();
            }
        }
        return sum;
    }
}
