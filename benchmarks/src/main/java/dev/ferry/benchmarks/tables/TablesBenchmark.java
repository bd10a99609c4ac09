package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.Report;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The many-tables table (issue 30), what benchmarks/tables.sh measured: the same rows spread over
 * more and more tables, ferry and the stock pipeline in turn at each table count, and the report to
 * results/tables/&lt;UTC start&gt;.md. The entry point for any command that runs the table ({@code
 * ferry-bench tables}, and {@code import --tables} or {@code drain --tables}).
 */
public final class TablesBenchmark {
    /** The table's name: its results folder and the prefix of its topics. */
    public static final String TABLE = "tables";

    /** The database the table fills upstream and replicates downstream. */
    public static final String DATABASE = "bench_tables";

    /** The stock pipeline's four-table script the per-table one is made from. */
    static final Path STOCK_SQL = Path.of("benchmarks/sql/stock-snapshot.sql");

    private TablesBenchmark() {}

    /**
     * Runs the table on {@code services} with ferry.jar at {@code ferryJar}, writes the report
     * under {@code results}/tables/ and returns its path. A table count whose pipeline fails is
     * reported as such and the others still run; a failure to prepare the data ends the run.
     */
    public static Path run(
            TablesConfig config, BenchmarkServices services, Path ferryJar, Path results)
            throws Exception {
        if (config.ferry() && !Files.isRegularFile(ferryJar)) {
            throw new IllegalArgumentException(
                    "no ferry.jar at "
                            + ferryJar
                            + ": build it (mvn -B -q package -DskipTests -pl jobs,benchmarks -am)");
        }
        StockScript stockScript = config.stock() ? StockScript.read(STOCK_SQL) : null;
        try (BenchRun run = BenchRun.open(TABLE, DATABASE, results, services)) {
            run.dropDatabasesOnClose(Pipelines.PROGRESS_DATABASE);
            Progress.say("services: " + services.origin());
            Progress.say(
                    "run "
                            + run.runId()
                            + ": "
                            + config.rows()
                            + " rows over "
                            + config.tableCountsText()
                            + " tables; "
                            + config.seconds()
                            + "s of sysbench oltp_write_only x "
                            + config.threads()
                            + " threads; work dir "
                            + run.work());
            List<TableCountResult> ferry = new ArrayList<>();
            List<TableCountResult> stock = new ArrayList<>();
            for (int tables : config.tableCounts()) {
                if (config.ferry()) {
                    ferry.add(
                            TableCountRun.measure(
                                    run, config, tables, new FerryMeasurement(ferryJar)));
                }
                if (config.stock()) {
                    stock.add(
                            TableCountRun.measure(
                                    run, config, tables, new StockMeasurement(stockScript)));
                }
            }
            TablesReport report = new TablesReport(config);
            Report markdown = new Report(run);
            markdown.write(
                    markdown.header(report.title(), report.description())
                            + report.body(ferry, stock));
            return run.report();
        } catch (IOException e) {
            throw new IOException("the many-tables run failed: " + e.getMessage(), e);
        }
    }
}
