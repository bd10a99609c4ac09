package dev.ferry.benchmarks.run;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The pipelines a run measures, each its own JVM tracked by the run: ferry's capture and apply
 * ({@code ferry.jar}), and the stock Flink CDC SQL pipeline mysql-cdc → jdbc. They log to
 * capture.log, apply.log and stock.log in the run's work folder and get the services' passwords
 * through the environment, never on their command lines.
 */
public final class Pipelines {
    /**
     * A paused JVM must not declare its own mini-cluster dead when it resumes: Flink's heartbeat
     * timeout (50 s) is shorter than a pause of a workload's run and its start and end.
     */
    static final List<String> PAUSE_TOLERANCE = List.of("--heartbeat.timeout", "600000");

    /** The progress database of the apply jobs the runs start. */
    public static final String PROGRESS_DATABASE = "bench_meta";

    /** The capture's capture.parallelism, as the reports state it. */
    public static final int CAPTURE_PARALLELISM = 4;

    private static final Duration STARTUP = Duration.ofMinutes(5);

    private final BenchRun run;
    private Path ferryJar = Path.of("jobs/target/ferry.jar");
    private Path stockSql = Path.of("benchmarks/sql/stock-snapshot.sql");
    private List<String> captureJvmFlags = List.of();
    private List<String> applyJvmFlags = List.of();
    private String applyHeap = "1g";

    public Pipelines(BenchRun run) {
        this.run = run;
    }

    /** The ferry.jar the capture and apply run from (default jobs/target/ferry.jar). */
    public Pipelines ferryJar(Path jar) {
        this.ferryJar = jar;
        return this;
    }

    /** The stock pipeline's Flink SQL script (default benchmarks/sql/stock-snapshot.sql). */
    public Pipelines stockSql(Path script) {
        this.stockSql = script;
        return this;
    }

    public Pipelines captureJvmFlags(List<String> flags) {
        this.captureJvmFlags = List.copyOf(flags);
        return this;
    }

    public Pipelines applyJvmFlags(List<String> flags) {
        this.applyJvmFlags = List.copyOf(flags);
        return this;
    }

    /** The apply JVM's heap, as -Xmx takes it (default 1g). */
    public Pipelines applyHeap(String heap) {
        this.applyHeap = heap;
        return this;
    }

    /** "first-last" of {@code count} server ids from {@code first}. */
    public static String serverIds(int first, int count) {
        return first + "-" + (first + count - 1);
    }

    /**
     * ferry's capture of the run's database into topic TAG.&lt;db&gt; (pass --kafka.topic-pattern
     * "TAG.{database}.{table}" in {@code options} for a topic per table), TAG-schema and TAG-tx;
     * returns once its job runs.
     */
    public RunProcess capture(String tag, String... options)
            throws IOException, InterruptedException {
        DatabaseEndpoint up = run.services().upstream();
        List<String> command = new ArrayList<>(run.java(captureJvmFlags));
        command.addAll(List.of("-jar", ferryJar.toString(), "capture"));
        command.addAll(
                List.of(
                        "--upstream.hostname", up.hostname(),
                        "--upstream.port", Integer.toString(up.port()),
                        "--upstream.username", up.username(),
                        "--upstream.tables", run.database() + ".*",
                        "--upstream.server-id", serverIds(6400, CAPTURE_PARALLELISM),
                        "--capture.parallelism", Integer.toString(CAPTURE_PARALLELISM),
                        "--kafka.bootstrap-servers", run.services().kafkaBootstrap(),
                        "--kafka.topic-pattern", tag + ".{database}",
                        "--kafka.schema-topic", tag + "-schema",
                        "--kafka.transaction-topic", tag + "-tx",
                        "--kafka.transactional-id-prefix", tag,
                        "--job.checkpoint-dir", run.work().resolve(tag).toString(),
                        "--job.name", "capture"));
        command.addAll(PAUSE_TOLERANCE);
        command.addAll(Arrays.asList(options));
        RunProcess capture =
                run.processes()
                        .start(
                                "capture",
                                command,
                                Map.of("FERRY_UPSTREAM_PASSWORD", password(up)),
                                run.work().resolve("capture.log"));
        capture.awaitLog("is running", STARTUP);
        return capture;
    }

    /**
     * ferry's apply of capture TAG's topics into the run's database downstream, as consumer group
     * {@code group} (its progress in {@link #PROGRESS_DATABASE}); does not wait for it.
     */
    public RunProcess apply(String tag, String group, int workers, int batch, String... options)
            throws IOException {
        DatabaseEndpoint down = run.services().downstream();
        List<String> command = new ArrayList<>(run.java(applyJvmFlags));
        command.addAll(List.of("-Xmx" + applyHeap, "-jar", ferryJar.toString(), "apply"));
        command.addAll(
                List.of(
                        "--downstream.hostname", down.hostname(),
                        "--downstream.port", Integer.toString(down.port()),
                        "--downstream.username", down.username(),
                        "--kafka.bootstrap-servers", run.services().kafkaBootstrap(),
                        "--apply.workers", Integer.toString(workers),
                        "--apply.batch-size", Integer.toString(batch),
                        "--apply.progress-database", PROGRESS_DATABASE,
                        "--kafka.schema-topic", tag + "-schema",
                        "--kafka.transaction-topic", tag + "-tx",
                        "--kafka.consumer-group", group,
                        "--job.checkpoint-dir", run.work().resolve(group).toString(),
                        "--job.name", "apply"));
        command.addAll(PAUSE_TOLERANCE);
        command.addAll(Arrays.asList(options));
        return run.processes()
                .start(
                        "apply",
                        command,
                        Map.of("FERRY_DOWNSTREAM_PASSWORD", password(down)),
                        run.work().resolve("apply.log"));
    }

    /**
     * The stock Flink CDC SQL pipeline on the run's database, {@code parallelism} wide, flushing
     * every {@code batch} rows; {@code sourceTuning} is appended to the mysql-cdc WITH clause (",
     * 'key' = 'value'", or ""). Does not wait for it.
     */
    public RunProcess stock(int parallelism, int batch, String sourceTuning) throws IOException {
        DatabaseEndpoint up = run.services().upstream();
        DatabaseEndpoint down = run.services().downstream();
        List<String> command = new ArrayList<>(run.java(List.of()));
        command.addAll(
                List.of(
                        "-jar",
                        benchmarksJar().toString(),
                        stockSql.toString(),
                        "database=" + run.database(),
                        "upstream_host=" + up.hostname(),
                        "upstream_port=" + up.port(),
                        "upstream_user=" + up.username(),
                        "downstream_host=" + down.hostname(),
                        "downstream_port=" + down.port(),
                        "downstream_user=" + down.username(),
                        "parallelism=" + parallelism,
                        "batch_size=" + batch,
                        "server_ids=" + serverIds(6500, parallelism),
                        "source_tuning=" + sourceTuning));
        return run.processes()
                .start(
                        "stock",
                        command,
                        Map.of(
                                "FERRY_SQL_upstream_password", password(up),
                                "FERRY_SQL_downstream_password", password(down)),
                        run.work().resolve("stock.log"));
    }

    /** The jar these classes run from: ferry-benchmarks.jar, which also runs SQL scripts. */
    public static Path benchmarksJar() {
        try {
            return Path.of(
                    Pipelines.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate ferry-benchmarks.jar", e);
        }
    }

    private static String password(DatabaseEndpoint endpoint) {
        return endpoint.password() == null ? "" : endpoint.password();
    }
}
