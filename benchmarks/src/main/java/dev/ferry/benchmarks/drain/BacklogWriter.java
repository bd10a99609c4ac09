package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import java.io.IOException;
import java.sql.SQLException;

/**
 * Writes a backlog: sysbench for the run's seconds while the pipeline (or part of it) is paused,
 * then the upstream's final state as the drain compares it.
 */
final class BacklogWriter {
    private final BenchRun run;
    private final SysbenchTables tables;
    private final DrainSettings settings;

    BacklogWriter(BenchRun run, SysbenchTables tables, DrainSettings settings) {
        this.run = run;
        this.tables = tables;
        this.settings = settings;
    }

    /**
     * What "downstream equals upstream" compares: counts for inserts, else counts and checksums.
     */
    String stateSql(String workload) {
        return workload.equals("oltp_insert") ? tables.rowsSql() : tables.checksumSql();
    }

    Backlog write(String workload) throws IOException, InterruptedException, SQLException {
        SysbenchSummary summary =
                tables.sysbench()
                        .run(
                                workload,
                                tables.tables(),
                                settings.rowsPerTable(),
                                settings.threads(),
                                settings.seconds());
        return new Backlog(
                summary.transactions(),
                summary.writes(),
                summary.ignoredErrors(),
                SysbenchTables.rowChanges(workload, summary.transactions()),
                run.upstream().text(stateSql(workload)));
    }
}
