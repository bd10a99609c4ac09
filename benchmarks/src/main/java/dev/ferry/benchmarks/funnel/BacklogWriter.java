package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.SqlClient;
import dev.ferry.benchmarks.sysbench.Sysbench;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Writes one backlog of a workload upstream: the bulk statements on new ids (round 1 for the
 * stages, round 2 for end to end), or {@code sysbench oltp_insert} for the single-row inserts,
 * checked to have committed every transaction asked for.
 */
public final class BacklogWriter {
    private final BenchRun run;
    private final FunnelSettings settings;

    public BacklogWriter(BenchRun run, FunnelSettings settings) {
        this.run = run;
        this.settings = settings;
    }

    /** Writes round {@code round} (from 1) of {@code workload}. */
    public void write(Workload workload, int round)
            throws SQLException, IOException, InterruptedException {
        if (workload == Workload.BULK) {
            long rows = settings.bulkRows();
            bulk(Workload.BULK.table(), (round - 1L) * rows + 1, rows);
            return;
        }
        // oltp_insert draws k from 1..table-size: the table size is the backlog's inserts.
        Sysbench sysbench = new Sysbench(run.services().upstream(), run.database(), run.work());
        SysbenchSummary summary;
        try {
            summary =
                    sysbench.runEvents(
                            "oltp_insert",
                            1,
                            settings.singleRows(),
                            settings.threads(),
                            settings.singleRows());
        } catch (IOException | IllegalArgumentException e) {
            throw new IOException("sysbench oltp_insert failed: " + e.getMessage(), e);
        }
        if (summary.transactions() != settings.singleRows()) {
            throw new IOException(
                    "sysbench committed "
                            + summary.transactions()
                            + " transactions, not "
                            + settings.singleRows()
                            + " ("
                            + summary.ignoredErrors()
                            + " ignored errors); see "
                            + run.work().resolve("sysbench.log"));
        }
    }

    /** The bulk statements on {@code rows} ids from {@code firstId} of {@code table}. */
    public void bulk(String table, long firstId, long rows) throws SQLException {
        SqlClient up = run.upstream();
        try {
            for (String statement : BulkStatements.of(run.database(), table, firstId, rows)) {
                up.execute(statement);
            }
        } catch (SQLException e) {
            throw new SQLException(
                    "the bulk workload failed upstream on " + table + ": " + e.getMessage(), e);
        }
    }
}
