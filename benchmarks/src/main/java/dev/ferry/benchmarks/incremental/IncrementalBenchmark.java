package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.MachineSection;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.Report;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Table 2, incremental replication, after TiDB DM's benchmark: ferry live over the sweep and in
 * drains, then the stock pipeline from where ferry left the downstream, then the downstream's
 * ceiling; the report to results/incremental/&lt;start&gt;.md. What benchmarks/incremental.sh did.
 */
public final class IncrementalBenchmark {
    /** The database of the run, upstream and downstream. */
    static final String DATABASE = "bench_incremental";

    private final IncrementalPlan plan;
    private final String command;

    /** {@code command} is how the run was asked for, as its report quotes it. */
    public IncrementalBenchmark(IncrementalPlan plan, String command) {
        this.plan = plan;
        this.command = command;
    }

    /** Runs the table against {@code services}; the report's path. */
    public Path run(BenchmarkServices services, Path results, Map<String, String> environment)
            throws IOException, InterruptedException, SQLException {
        try (BenchRun run = BenchRun.open("incremental", DATABASE, results, services)) {
            run.dropDatabasesOnClose(Pipelines.PROGRESS_DATABASE, CeilingMeasurement.DATABASE);
            IncrementalResults measured = measure(run, environment);
            write(run, measured);
            return run.report();
        }
    }

    private IncrementalResults measure(BenchRun run, Map<String, String> environment)
            throws IOException, InterruptedException, SQLException {
        SysbenchTables tables = new SysbenchTables(run, 4);
        CatchUp catchUp = new CatchUp(run, tables);
        int restPort = Integer.parseInt(environment.getOrDefault("FERRY_FLINK_REST_PORT", "8081"));
        int prometheusPort = FreePort.from(restPort + 1);
        PipelineSwitch pipelines =
                new PipelineSwitch(run, new Pipelines(run), catchUp, prometheusPort);
        LiveMeasurement live = new LiveMeasurement(run, plan, pipelines, catchUp, prometheusPort);
        DrainMeasurement drain = new DrainMeasurement(run, plan, pipelines, catchUp);
        IncrementalResults results = new IncrementalResults();
        String points =
                plan.livePoints().stream()
                        .map(SweepPoint::toString)
                        .collect(Collectors.joining(" "));
        Progress.say(
                "run "
                        + run.runId()
                        + ": live "
                        + plan.liveWorkload()
                        + " at workers:batch "
                        + points
                        + ", "
                        + plan.liveSeconds()
                        + "s; drains of "
                        + String.join(" ", plan.workloads())
                        + " at "
                        + plan.drainWorkers().stream()
                                .map(String::valueOf)
                                .collect(Collectors.joining(" "))
                        + " workers, "
                        + plan.drainSeconds()
                        + "s; sysbench "
                        + plan.threads()
                        + " threads; 4 x "
                        + plan.rowsPerTable()
                        + " rows; services: "
                        + run.services().origin()
                        + "; work dir "
                        + run.work());
        Progress.say(
                "preparing "
                        + DATABASE
                        + " upstream (sysbench prepare, 4 x "
                        + plan.rowsPerTable()
                        + " rows) and the probe row");
        tables.prepareUpstream("oltp_insert", plan.rowsPerTable());
        run.upstream().execute(catchUp.probeRowSql());
        tables.resetDownstreamForApply();
        Progress.say("ferry: starting capture and apply; copying the tables");
        pipelines.startCapture();
        pipelines.startApply(plan.livePoints().get(0));
        try {
            catchUp.seconds(CatchUp.TIMEOUT);
        } catch (IOException e) {
            RunProcess apply = run.processes().get("apply");
            throw new IOException(
                    "ferry did not copy the tables ("
                            + e.getMessage()
                            + ")"
                            + (apply == null ? "" : "; the apply's log ends: " + apply.tail(5))
                            + ". Check the services and ferry's options, then run again.",
                    e);
        }

        int batch = plan.batch();
        for (SweepPoint point : plan.livePoints()) {
            results.live.add(
                    live.measure(
                            new Point(
                                    Point.FERRY,
                                    point.workers(),
                                    point.batch(),
                                    plan.liveWorkload())));
        }
        for (int w : plan.drainWorkers()) {
            for (String workload : plan.workloads()) {
                results.drains.add(drain.measure(new Point(Point.FERRY, w, batch, workload)));
            }
        }
        Long backlog = results.largestBacklog();
        pipelines.stopAll();
        // The stock pipeline runs where ferry left a downstream equal to the upstream.
        results.live.add(
                live.measure(
                        new Point(Point.STOCK, plan.batchWorkers(), batch, plan.liveWorkload())));
        for (int w : plan.drainWorkers()) {
            for (String workload : plan.workloads()) {
                results.drains.add(drain.measure(new Point(Point.STOCK, w, batch, workload)));
            }
        }
        pipelines.stopAll();
        CeilingMeasurement ceiling = new CeilingMeasurement(run, plan);
        long rows = backlog != null ? backlog : plan.rowsPerTable() * 4L;
        for (int w : plan.drainWorkers()) {
            for (String workload : plan.workloads()) {
                results.ceilings.add(ceiling.measure(workload, w, batch, rows));
            }
        }
        return results;
    }

    private void write(BenchRun run, IncrementalResults results) throws IOException {
        Report report = new Report(run);
        StringBuilder charts = new StringBuilder();
        for (ChartSpec chart : IncrementalCharts.of(plan, results)) {
            charts.append(
                            report.chart(
                                    chart.kind(),
                                    chart.name(),
                                    chart.title(),
                                    chart.xLabel(),
                                    chart.yLabel(),
                                    chart.tsv()))
                    .append("\n\n");
        }
        String header = report.header("Incremental replication", IncrementalReport.what(command));
        String body =
                new IncrementalReport(
                                plan,
                                results,
                                Pipelines.CAPTURE_PARALLELISM,
                                Runtime.getRuntime().availableProcessors(),
                                MachineSection.loadAverage())
                        .body(charts.toString().stripTrailing() + "\n");
        report.write(header + body);
    }
}
