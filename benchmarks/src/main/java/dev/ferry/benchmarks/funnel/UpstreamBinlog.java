package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.run.SqlClient;
import java.sql.SQLException;
import java.util.List;

/** The upstream's binlog: where it ends now, and how many bytes lie between two positions. */
public final class UpstreamBinlog {
    private final SqlClient upstream;

    public UpstreamBinlog(SqlClient upstream) {
        this.upstream = upstream;
    }

    /** The current end of the binlog ({@code SHOW MASTER STATUS}). */
    public BinlogPosition position() throws SQLException {
        List<List<String>> rows = upstream.rows("SHOW MASTER STATUS");
        if (rows.isEmpty()) {
            throw new SQLException(
                    "SHOW MASTER STATUS returned nothing on "
                            + upstream.endpoint()
                            + ": the upstream's binlog is off; start it with log_bin and"
                            + " binlog_format=ROW");
        }
        return new BinlogPosition(rows.get(0).get(0), Long.parseLong(rows.get(0).get(1)));
    }

    /** The bytes of binlog from {@code from} to {@code to}, across files. */
    public long bytes(BinlogPosition from, BinlogPosition to) throws SQLException {
        if (from.file().equals(to.file())) {
            return to.offset() - from.offset();
        }
        return bytesBetween(from, to, upstream.rows("SHOW BINARY LOGS"));
    }

    /**
     * The bytes from {@code from} to {@code to} given {@code SHOW BINARY LOGS}' rows (file name,
     * size): the rest of the first file, every file between, and the last file up to {@code to}.
     */
    static long bytesBetween(BinlogPosition from, BinlogPosition to, List<List<String>> logs) {
        if (from.file().equals(to.file())) {
            return to.offset() - from.offset();
        }
        long sum = 0;
        boolean inside = false;
        boolean sawFrom = false;
        boolean sawTo = false;
        for (List<String> log : logs) {
            String file = log.get(0);
            long size = Long.parseLong(log.get(1));
            if (file.equals(from.file())) {
                sum += size - from.offset();
                inside = true;
                sawFrom = true;
            } else if (file.equals(to.file())) {
                sum += to.offset();
                inside = false;
                sawTo = true;
            } else if (inside) {
                sum += size;
            }
        }
        if (!sawFrom || !sawTo) {
            throw new IllegalStateException(
                    "the upstream no longer lists binlog "
                            + (sawFrom ? to.file() : from.file())
                            + " (purged during the run?): the range "
                            + from
                            + " .. "
                            + to
                            + " cannot be measured");
        }
        return sum;
    }
}
