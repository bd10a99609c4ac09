package dev.ferry.benchmarks.funnel;

import com.github.shyiko.mysql.binlog.BinaryLogClient;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.Report;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.services.BenchmarkServices;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Table 3, Canal's stage funnel, one run: prepares the upstream tables, starts ferry's capture (a
 * topic per table) and apply, warms them up, measures both workloads' stages ({@link
 * WorkloadMeasurement}) and writes the report to results/funnel/&lt;start&gt;.md with its charts.
 */
public final class FunnelBenchmark {
    /** The run's database, upstream and downstream. */
    public static final String DATABASE = "bench_funnel";

    /** The apply's progress database. */
    static final String META = "bench_funnel_meta";

    private static final Path FERRY_JAR = Path.of("jobs/target/ferry.jar");
    private static final int WARMUP_ROWS = 10_000;

    private final FunnelSettings settings;
    private final String commandLine;

    /** A run with {@code settings}; {@code commandLine} is what the report says ran it. */
    public FunnelBenchmark(FunnelSettings settings, String commandLine) {
        this.settings = settings;
        this.commandLine = commandLine;
    }

    /** Runs the table against {@code services}; the report's path under {@code results}. */
    public Path run(BenchmarkServices services, Path results)
            throws IOException, InterruptedException, SQLException {
        if (!Files.isRegularFile(FERRY_JAR)) {
            throw new IOException(
                    "no "
                            + FERRY_JAR
                            + " here: run ferry-bench from the repository root after building it"
                            + " (mvn -B -q package -DskipTests -pl jobs,benchmarks -am)");
        }
        try (BenchRun run = BenchRun.open("funnel", DATABASE, results, services)) {
            run.dropDatabasesOnClose(META);
            String tag = run.runId();
            Progress.say(
                    "run "
                            + tag
                            + ": bulk "
                            + settings.bulkRows()
                            + " rows ("
                            + Workload.BULK.changes(settings)
                            + " row changes), single "
                            + settings.singleRows()
                            + " rows; apply.workers "
                            + settings.workers()
                            + "; work dir "
                            + run.work()
                            + "; services: "
                            + services.origin());
            prepare(run);
            start(run, tag);
            List<WorkloadResult> measured = new ArrayList<>();
            WorkloadMeasurement measurement = new WorkloadMeasurement(run, settings, tag);
            for (Workload workload : Workload.values()) {
                measured.add(measurement.measure(workload));
            }
            long restarts = new RunLogs(run.work()).restarts();
            Report report = new Report(run);
            String header = report.header(FunnelReport.TITLE, FunnelReport.what(commandLine));
            FunnelReport funnel =
                    new FunnelReport(
                            settings,
                            measured,
                            restarts,
                            Runtime.getRuntime().availableProcessors(),
                            binlogClientVersion());
            report.write(header + funnel.body(report::chart));
            return run.report();
        }
    }

    /** An empty sbtest1 (sysbench prepare) and the bulk and warm-up tables of its shape. */
    private void prepare(BenchRun run) throws SQLException, IOException, InterruptedException {
        new SysbenchTables(run, 1).prepareUpstream("oltp_insert", 0);
        for (String table : new String[] {Workload.BULK.table(), "warmup"}) {
            run.upstream()
                    .execute(
                            "CREATE TABLE "
                                    + DATABASE
                                    + "."
                                    + table
                                    + " LIKE "
                                    + DATABASE
                                    + ".sbtest1");
        }
        run.downstream()
                .execute("DROP DATABASE IF EXISTS " + DATABASE, "DROP DATABASE IF EXISTS " + META);
    }

    /** Capture (a topic per table) and apply, warmed up with 25,000 row changes. */
    private void start(BenchRun run, String tag)
            throws IOException, InterruptedException, SQLException {
        Progress.say("starting capture and apply");
        Pipelines pipelines = new Pipelines(run).ferryJar(FERRY_JAR);
        RunLogs logs = new RunLogs(run.work());
        try {
            pipelines.capture(tag, "--kafka.topic-pattern", tag + ".{database}.{table}");
        } catch (IOException e) {
            throw new IOException(
                    "the capture did not start: "
                            + logs.failure("capture")
                            + " ("
                            + e.getMessage()
                            + ")",
                    e);
        }
        pipelines.apply(
                tag,
                tag,
                settings.workers(),
                FunnelSettings.BATCH,
                "--apply.progress-database",
                META);
        // Warm-up: the jobs' JIT-compiled paths are what a long-running pipeline runs.
        new BacklogWriter(run, settings).bulk("warmup", 1, WARMUP_ROWS);
        try {
            new DownstreamPoll(run)
                    .awaitMs(
                            "SELECT COUNT(*), SUM(k) FROM " + DATABASE + ".warmup",
                            WARMUP_ROWS + "\t" + (WARMUP_ROWS * 5 / 2),
                            Duration.ofSeconds(900),
                            "replicating the warm-up");
        } catch (IOException e) {
            throw new IOException(e.getMessage() + " (" + logs.failure("apply") + ")", e);
        }
        Progress.say("pipeline up and warm");
    }

    /** The version of mysql-binlog-connector-java on the class path, as its pom.properties says. */
    static String binlogClientVersion() {
        try (InputStream in =
                BinaryLogClient.class.getResourceAsStream(
                        "/META-INF/maven/com.zendesk/mysql-binlog-connector-java/pom.properties")) {
            if (in != null) {
                Properties pom = new Properties();
                pom.load(in);
                return pom.getProperty("version", "(version unknown)");
            }
        } catch (IOException e) {
            // fall through
        }
        return "(version unknown)";
    }
}
