package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.report.DailyReportPath;
import dev.ferry.benchmarks.run.MachineSection;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.SqlClient;
import dev.ferry.benchmarks.saga.SagaBenchmark;
import dev.ferry.benchmarks.saga.SagaCoordinatorProcess;
import dev.ferry.benchmarks.saga.SagaRun;
import dev.ferry.benchmarks.services.BenchmarkServices;
import dev.ferry.benchmarks.sysbench.Sysbench;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * DTM's saga benchmark: sysbench oltp_write_only on bank1 (the upstream), then transfers between
 * bank1 and bank2 (the downstream) called directly and as sagas through a {@code ferry.jar saga}
 * coordinator; the same report, to results/saga/.
 */
@Command(
        name = "saga",
        mixinStandardHelpOptions = true,
        description =
                "DTM's saga table: direct transfers, sagas with 0/2/10 SQL with and without the"
                        + " barrier, and sysbench oltp_write_only on bank1. Writes"
                        + " results/saga/<date>.md.")
final class SagaCommand implements Callable<Integer> {
    private static final String SYSBENCH_DATABASE = "bench_saga_sysbench";
    private static final String[] DATABASES = {"bench_saga", "bench_saga_barrier"};

    @Mixin SizeOptions size;

    @Mixin ServiceOptions services;

    @Option(
            names = "--sagas",
            description = "Sagas per saga column. Default: 20000; --quick 5000; --smoke 500.")
    Integer sagas;

    @Option(
            names = "--seconds",
            description =
                    "Seconds of each direct column and of sysbench. Default: 30; --quick 15; --smoke 5.")
    Integer seconds;

    @Option(
            names = "--threads",
            defaultValue = "16",
            description = "Clients and the coordinator's SQL threads. Default: ${DEFAULT-VALUE}.")
    int threads;

    @Option(
            names = "--ferry-jar",
            defaultValue = "jobs/target/ferry.jar",
            description = "The coordinator's jar. Default: ${DEFAULT-VALUE}.")
    Path ferryJar;

    @Option(
            names = "--results",
            defaultValue = "benchmarks/results",
            description =
                    "The results folder; the report goes to its saga/. Default: ${DEFAULT-VALUE}.")
    Path results;

    @Override
    public Integer call() throws Exception {
        SagaSize run = SagaSize.of(size.size(), sagas, seconds);
        if (!Files.isRegularFile(ferryJar)) {
            throw new IllegalArgumentException(
                    "no coordinator jar at "
                            + ferryJar
                            + ": build it (mvn -B -q package -DskipTests -pl jobs,benchmarks -am) or"
                            + " pass --ferry-jar");
        }
        BenchmarkServices found = services.open(System.getenv());
        DatabaseEndpoint bank1 = found.upstream();
        DatabaseEndpoint bank2 = found.downstream();
        if (!bank1.username().equals(bank2.username())
                || !bank1.password().equals(bank2.password())) {
            throw new IllegalArgumentException(
                    "the saga coordinator signs in to both banks as one user: give the upstream and"
                            + " the downstream the same user and password");
        }
        log("services: " + found.origin());
        Path work = Files.createTempDirectory("ferry-saga-bench");
        try {
            log(
                    "sysbench oltp_write_only on bank1 (4 tables x "
                            + run.sysbenchRows()
                            + " rows, "
                            + threads
                            + " threads, "
                            + run.seconds()
                            + " s)");
            SysbenchSummary sysbench = sysbench(bank1, run, work);

            log("starting the saga coordinator (ferry.jar saga, " + threads + " SQL threads)");
            // The barrier lives apart from the bank, which the benchmark recreates; empty it.
            dropDatabases(bank1, "bench_saga_barrier");
            dropDatabases(bank2, "bench_saga_barrier");
            try (SagaCoordinatorProcess coordinator =
                    SagaCoordinatorProcess.start(
                            ferryJar, found.kafkaBootstrap(), bank1, bank2, threads, work)) {
                Path report =
                        DailyReportPath.next(
                                results.resolve("saga"), LocalDate.now(ZoneOffset.UTC));
                String loadAtStart = MachineSection.loadAverage();
                SagaBenchmark.run(
                        new SagaRun(
                                bank1,
                                bank2,
                                found.kafkaBootstrap(),
                                SagaCoordinatorProcess.COMMAND_TOPIC,
                                SagaCoordinatorProcess.RESULTS_TOPIC,
                                run.sagas(),
                                Duration.ofSeconds(run.seconds()),
                                threads,
                                sysbench.transactionsPerSecond(),
                                sysbench.writesPerSecond(),
                                coordinator.pid(),
                                cpuProcesses(coordinator.pid(), found.pids()),
                                "Saga transfers on "
                                        + Runtime.getRuntime().availableProcessors()
                                        + " cores, MariaDB "
                                        + version(bank1)
                                        + ", "
                                        + run.sagas()
                                        + " sagas per saga column, "
                                        + threads
                                        + " clients / SQL threads, direct columns "
                                        + run.seconds()
                                        + " s",
                                report));
                Files.writeString(
                        report,
                        String.format(
                                "%nLoad average (1, 5, 15 min) when the coordinator started: %s; at"
                                        + " the end: %s.%nServices: %s.%n",
                                loadAtStart, MachineSection.loadAverage(), found.origin()),
                        java.nio.file.StandardOpenOption.APPEND);
                Progress.say("report written to " + report);
            }
        } finally {
            for (DatabaseEndpoint bank : new DatabaseEndpoint[] {bank1, bank2}) {
                dropDatabases(bank, DATABASES);
            }
            dropDatabases(bank1, SYSBENCH_DATABASE);
            deleteRecursively(work);
        }
        return 0;
    }

    private SysbenchSummary sysbench(DatabaseEndpoint bank1, SagaSize run, Path work)
            throws SQLException, IOException, InterruptedException {
        dropDatabases(bank1, SYSBENCH_DATABASE);
        execute(bank1, "CREATE DATABASE " + SYSBENCH_DATABASE);
        Sysbench sysbench = new Sysbench(bank1, SYSBENCH_DATABASE, work);
        sysbench.prepare("oltp_write_only", 4, run.sysbenchRows(), threads);
        SysbenchSummary summary =
                sysbench.run("oltp_write_only", 4, run.sysbenchRows(), threads, run.seconds());
        dropDatabases(bank1, SYSBENCH_DATABASE);
        return summary;
    }

    /**
     * The processes whose CPU per global transaction the table shows besides the client, named as
     * the table names them: the coordinator, Kafka, bank1 and bank2 (those whose pid is known).
     */
    static Map<String, Long> cpuProcesses(long coordinator, Map<String, Long> services) {
        Map<String, Long> cpu = new LinkedHashMap<>();
        cpu.put("coordinator", coordinator);
        Map<String, String> names =
                Map.of("kafka", "Kafka", "upstream", "bank1", "downstream", "bank2");
        for (String service : new String[] {"kafka", "upstream", "downstream"}) {
            Long pid = services.get(service);
            if (pid != null) {
                cpu.put(names.get(service), pid);
            }
        }
        return cpu;
    }

    private static String version(DatabaseEndpoint endpoint) throws SQLException {
        try (SqlClient client = new SqlClient(endpoint)) {
            return client.value("SELECT VERSION()");
        }
    }

    private static void execute(DatabaseEndpoint endpoint, String sql) throws SQLException {
        try (SqlClient client = new SqlClient(endpoint)) {
            client.execute(sql);
        }
    }

    private static void dropDatabases(DatabaseEndpoint endpoint, String... databases) {
        for (String database : databases) {
            try {
                execute(endpoint, "DROP DATABASE IF EXISTS " + database);
            } catch (SQLException e) {
                System.err.println(
                        "could not drop " + database + " on " + endpoint + ": " + e.getMessage());
            }
        }
    }

    private static void deleteRecursively(Path folder) throws IOException {
        try (var paths = Files.walk(folder)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
    }

    private static void log(String line) {
        Progress.say(line);
    }
}
