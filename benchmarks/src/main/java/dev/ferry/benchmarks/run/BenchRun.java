package dev.ferry.benchmarks.run;

import dev.ferry.benchmarks.services.BenchmarkServices;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One run of one benchmark table: when it started, its database, its work folder (the processes'
 * logs and temp files, deleted at the end), where its report goes (results/&lt;table&gt;/&lt;start
 * time&gt;.md), the services, clients to them, and the processes it started. Closing it stops every
 * process, runs the clean-ups registered with {@link #onClose} and deletes the run's topics (those
 * named after {@link #runId()}): what lib/bench.sh's bench_init and bench_cleanup did.
 */
public final class BenchRun implements AutoCloseable {
    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    /** A clean-up step of a run. */
    public interface CleanUp {
        void run() throws Exception;
    }

    private final String table;
    private String database;
    private final Instant started;
    private final Path work;
    private final Path resultsDir;
    private final BenchmarkServices services;
    private final RunProcesses processes = new RunProcesses();
    private final List<CleanUp> cleanUps = new ArrayList<>();
    private SqlClient upstream;
    private SqlClient downstream;
    private KafkaTopics kafka;
    private final Thread onInterrupt;

    private BenchRun(String table, String database, Path results, BenchmarkServices services)
            throws IOException {
        this.table = table;
        this.database = database;
        this.started = Instant.now();
        this.work = Files.createTempDirectory("ferry-" + table + ".");
        Files.createDirectories(work.resolve("tmp"));
        this.resultsDir = results.resolve(table);
        this.services = services;
        // Ctrl-C or a kill ends this JVM without close(): its processes must not outlive it.
        this.onInterrupt =
                new Thread(
                        () -> {
                            try {
                                processes.stopAll();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "stop-" + table + "-processes");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
    }

    /**
     * A run of {@code table} in database {@code database} (upstream and downstream), its report
     * under {@code results}/{@code table}/.
     */
    public static BenchRun open(
            String table, String database, Path results, BenchmarkServices services)
            throws IOException {
        return new BenchRun(table, database, results, services);
    }

    public String table() {
        return table;
    }

    public String database() {
        return database;
    }

    /**
     * Points the run at another database, for a table that measures on more than one data set (the
     * import's main and sweep data): {@link SysbenchTables} and {@link Pipelines} use the database
     * named here from then on.
     */
    public void useDatabase(String database) {
        this.database = database;
    }

    /** When the run started, as its report's name has it: 2026-11-26T093140Z. */
    public String startedAt() {
        return STAMP.format(started);
    }

    /** Names the run's Kafka topics and consumer groups apart from every other run's. */
    public String runId() {
        return table + started.getEpochSecond();
    }

    public Path work() {
        return work;
    }

    public Path resultsDir() {
        return resultsDir;
    }

    /** The report's path: results/&lt;table&gt;/&lt;start time&gt;.md. */
    public Path report() {
        return resultsDir.resolve(startedAt() + ".md");
    }

    public BenchmarkServices services() {
        return services;
    }

    public RunProcesses processes() {
        return processes;
    }

    /** A client to the upstream server as its admin user, opened on first use. */
    public SqlClient upstream() {
        if (upstream == null) {
            upstream = new SqlClient(services.upstream());
        }
        return upstream;
    }

    /** A client to the downstream server as its admin user, opened on first use. */
    public SqlClient downstream() {
        if (downstream == null) {
            downstream = new SqlClient(services.downstream());
        }
        return downstream;
    }

    /** An admin client to Kafka, opened on first use. */
    public KafkaTopics kafka() {
        if (kafka == null) {
            kafka = new KafkaTopics(services.kafkaBootstrap());
        }
        return kafka;
    }

    /**
     * A JVM command for a process of the run: this JVM's java, temp files under the work folder,
     * the benchmarks' log configuration (which logs what shows a failover), then {@code jvmFlags}.
     */
    public List<String> java(List<String> jvmFlags) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-Djava.io.tmpdir=" + work.resolve("tmp"));
        command.add(
                "-Dlog4j2.configurationFile="
                        + Path.of("benchmarks/conf/log4j2-bench.properties").toAbsolutePath());
        command.addAll(jvmFlags);
        return command;
    }

    /**
     * The command that runs {@code mainClass} of ferry-benchmarks.jar (a probe, the ceiling loader,
     * the metrics sampler) as {@link #java} does, with {@code arguments}.
     */
    public List<String> benchmarksMain(
            List<String> jvmFlags, String mainClass, List<String> arguments) {
        List<String> command = java(jvmFlags);
        command.addAll(List.of("-cp", Pipelines.benchmarksJar().toString(), mainClass));
        command.addAll(arguments);
        return command;
    }

    /**
     * Drops the run's database upstream and downstream when the run closes, and downstream also
     * {@code downstreamToo} (the apply's progress database, a ceiling's own); each side is its own
     * clean-up step, so that one failing does not keep the other from running.
     */
    public void dropDatabasesOnClose(String... downstreamToo) {
        onClose(() -> upstream().execute("DROP DATABASE IF EXISTS " + database));
        List<String> drops = new ArrayList<>();
        drops.add("DROP DATABASE IF EXISTS " + database);
        for (String other : downstreamToo) {
            drops.add("DROP DATABASE IF EXISTS " + other);
        }
        onClose(() -> downstream().execute(drops.toArray(String[]::new)));
    }

    /** Runs {@code cleanUp} when the run closes, after its processes stopped. */
    public void onClose(CleanUp cleanUp) {
        cleanUps.add(cleanUp);
    }

    @Override
    public void close() throws InterruptedException {
        processes.stopAll();
        try {
            Runtime.getRuntime().removeShutdownHook(onInterrupt);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook stops the processes again, harmlessly
        }
        for (CleanUp cleanUp : cleanUps) {
            try {
                cleanUp.run();
            } catch (Exception e) {
                Progress.say("a clean-up step failed: " + e.getMessage());
            }
        }
        kafka().delete(runId() + ".*");
        kafka.close();
        if (upstream != null) {
            upstream.close();
        }
        if (downstream != null) {
            downstream.close();
        }
        deleteWork();
    }

    private void deleteWork() {
        try (Stream<Path> files = Files.walk(work)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            Progress.say("could not delete " + work + ": " + e.getMessage());
        }
    }
}
