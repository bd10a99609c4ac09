package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The load table (issue 6, table 4, as PolarDB-X CDC's performance page): (a) sysbench at load
 * levels with capture and apply running live, and (b) single large transactions against a backlog
 * of small ones; prepares the data, runs both parts and writes the report to results/load/.
 */
public final class LoadBenchmark {
    /** The run's database, upstream and downstream. */
    public static final String DATABASE = "bench_load";

    private final LoadSettings settings;
    private final String commandLine;

    /** {@code commandLine} is what the report quotes as the run's command. */
    public LoadBenchmark(LoadSettings settings, String commandLine) {
        this.settings = settings;
        this.commandLine = commandLine;
    }

    /** Runs it against {@code services}; the report goes under {@code results}/load/. */
    public Path run(BenchmarkServices services, Path results) throws Exception {
        try (BenchRun run = BenchRun.open("load", DATABASE, results, services)) {
            run.dropDatabasesOnClose(Pipelines.PROGRESS_DATABASE);
            Progress.say(
                    "run "
                            + run.runId()
                            + ": levels "
                            + LoadSettings.spaced(settings.levels())
                            + " % for "
                            + settings.seconds()
                            + "s each ("
                            + LoadSettings.spaced(settings.workloads())
                            + ", "
                            + settings.threads()
                            + " threads); transactions of "
                            + LoadSettings.spaced(settings.sizes())
                            + " MB and a "
                            + settings.smallMb()
                            + " MB backlog of small ones; apply heap "
                            + LoadSettings.APPLY_HEAP
                            + "; services: "
                            + services.origin()
                            + "; work dir "
                            + run.work());
            SysbenchTables tables = new SysbenchTables(run, LoadSettings.TABLES);
            tables.prepareUpstream("oltp_write_only", LoadSettings.ROWS);
            for (String table : LargeTransactions.tableNames(settings)) {
                run.upstream()
                        .execute(
                                "CREATE TABLE "
                                        + DATABASE
                                        + "."
                                        + table
                                        + " (id INT PRIMARY KEY, pad VARCHAR(1000) NOT NULL)");
            }
            run.downstream()
                    .execute(
                            "DROP DATABASE IF EXISTS " + DATABASE,
                            "DROP DATABASE IF EXISTS " + Pipelines.PROGRESS_DATABASE);
            LoadPipeline pipeline = new LoadPipeline(run, tables);
            pipeline.start(settings.intervals().get(0));
            LoadResults figures = new LoadResults();
            Map<String, Heartbeats> heartbeats = new HashMap<>();
            if (settings.levelsOn()) {
                new LoadLevels(run, settings, pipeline, tables, figures, heartbeats).run();
            }
            if (settings.largeOn()) {
                new LargeTransactions(run, settings, pipeline, figures).run();
            }
            long restarts = new RunLogs(run.work()).restarts();
            new LoadReport(run, settings, figures, heartbeats, commandLine, restarts).write();
            return run.report();
        }
    }
}
