package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.MachineSection;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.Report;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * Table 1, full import (TiDB DM's): one run on the given services, from preparing the data to the
 * report in results/import/&lt;UTC start&gt;.md; the data sets' databases and the run's topics are
 * dropped at the end.
 */
public final class ImportTable {
    private final ImportSettings settings;

    public ImportTable(ImportSettings settings) {
        this.settings = settings;
    }

    /** Runs the table; the report's path. */
    public Path run(BenchmarkServices services, Path results)
            throws IOException, SQLException, InterruptedException {
        DataSets data = new DataSets(settings);
        Measurements measurements = new Measurements();
        try (BenchRun run =
                BenchRun.open("import", DataSets.database(DataSets.MAIN), results, services)) {
            run.onClose(() -> dropDatabases(run, false));
            run.onClose(() -> dropDatabases(run, true));
            Progress.say(
                    "run "
                            + run.runId()
                            + ": "
                            + settings.size()
                            + " size; 4 x "
                            + settings.rows()
                            + " rows (sweeps: 4 x "
                            + settings.sweepRows()
                            + "); workers "
                            + settings.workers()
                            + ", batch "
                            + settings.batch()
                            + ", dump threads "
                            + settings.dumpThreads()
                            + "; parallelism sweep: "
                            + sweep(settings.parallelism())
                            + "; rows per statement sweep: "
                            + sweep(settings.statementRows())
                            + "; services: "
                            + services.origin()
                            + "; work dir "
                            + run.work());
            ImportCopies copies = new ImportCopies(run, measurements, data);
            new ImportPlan(settings, data, copies).run();
            Report report = new Report(run);
            ImportReport body = new ImportReport(settings, data, measurements);
            String charts = new ImportCharts(settings, data, measurements).draw(report);
            report.write(
                    report.header(body.title(), body.what())
                            + "\n"
                            + body.body(
                                    charts,
                                    Runtime.getRuntime().availableProcessors(),
                                    MachineSection.loadAverage()));
            return run.report();
        }
    }

    private static String sweep(java.util.List<Integer> values) {
        return values.isEmpty()
                ? "none"
                : String.join(" ", values.stream().map(String::valueOf).toList());
    }

    /** Drops both data sets' databases on one side, and downstream the apply's progress. */
    private static void dropDatabases(BenchRun run, boolean downstream) throws SQLException {
        var client = downstream ? run.downstream() : run.upstream();
        client.execute(
                "DROP DATABASE IF EXISTS " + DataSets.database(DataSets.MAIN),
                "DROP DATABASE IF EXISTS " + DataSets.database(DataSets.SWEEP));
        if (downstream) {
            client.execute("DROP DATABASE IF EXISTS " + Pipelines.PROGRESS_DATABASE);
        }
    }
}
