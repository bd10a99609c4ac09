package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;

/**
 * The stock Flink CDC SQL pipeline mysql-cdc → jdbc at one table count, on the same data as ferry:
 * its snapshot, idle CPU and end-to-end drain (the whole job paused while sysbench runs, then timed
 * from its resume until the checksums are equal). A sink per table, each with a connection per
 * subtask: the downstream's max_connections is raised for it.
 */
final class StockMeasurement implements TableCountRun.Steps {
    static final int BATCH = 2000;

    private final StockScript script;

    StockMeasurement(StockScript script) {
        this.script = script;
    }

    @Override
    public TableCountResult measured(TableCountRun count)
            throws IOException, SQLException, InterruptedException {
        BenchRun run = count.run;
        int tables = count.tables;
        int parallelism = count.config.stockParallelism();
        String label = tables + " tables, stock";
        Progress.say(
                tables
                        + " tables, stock pipeline: preparing "
                        + run.database()
                        + " upstream and empty tables downstream");
        count.prepareUpstream();
        count.sysbench.resetDownstream();
        count.raiseDownstreamConnections(parallelism);
        Path sql = script.write(run.work(), tables);

        Map<String, Double> c0 = count.cpu();
        long start = System.nanoTime();
        double first;
        double allRows;
        try {
            new Pipelines(run).stockSql(sql).stock(parallelism, BATCH, "");
            first = count.awaitFirstRow(start);
            allRows = count.awaitAllRows(start);
        } catch (IOException | SQLException e) {
            return count.snapshotFailed(label, e);
        }
        CpuUse snapshotCpu = CpuUse.between(c0, count.cpu());
        count.saySnapshot(label, first, allRows);

        count.settle();
        CpuUse idle = count.idle();
        count.sayIdle(label, idle);

        run.processes().pauseAll();
        WriteOnlyBacklog.Outcome written = count.writeBacklog();
        String status = written.failure() == null ? "ok" : written.failure();
        long changes = written.rowChanges();
        String expected = count.upstreamChecksum();
        Map<String, Double> d0 = count.cpu();
        run.processes().resumeAll();
        Double drained = null;
        CpuUse drainCpu = null;
        if (written.failure() == null) {
            try {
                drained = count.awaitChecksum(expected);
                drainCpu = CpuUse.between(d0, count.cpu());
                TableCountRun.sayDrained(label, changes, drained);
            } catch (IOException | SQLException e) {
                status = count.failure("drain: " + e.getMessage());
            }
        }
        return count.result(first, allRows, snapshotCpu, idle, drained, changes, drainCpu, status);
    }
}
