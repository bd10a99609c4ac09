package dev.ferry.benchmarks.saga;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@code ferry.jar saga} coordinator as its own JVM: bank1 and bank2 its participants, its topics
 * the benchmark's, {@code FERRY_SAGA_JAVA_OPTS} added to its JVM options (a profiler, GC settings).
 * Closing it stops the JVM.
 */
public final class SagaCoordinatorProcess implements AutoCloseable {
    public static final String COMMAND_TOPIC = "bench-saga-commands";
    public static final String RESULTS_TOPIC = "bench-saga-results";

    private static final Duration STARTUP = Duration.ofMinutes(3);

    private final Process process;
    private final Path log;

    private SagaCoordinatorProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /**
     * Starts the coordinator and waits until its job runs.
     *
     * @param work a folder of the run's own for its configuration (which holds the banks' password,
     *     so only its owner may read it), log and checkpoints
     */
    public static SagaCoordinatorProcess start(
            Path ferryJar,
            String kafkaBootstrap,
            DatabaseEndpoint bank1,
            DatabaseEndpoint bank2,
            int sqlThreads,
            Path work)
            throws IOException, InterruptedException {
        Path config = work.resolve("saga.properties");
        Files.createFile(
                config,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "kafka.bootstrap-servers=" + kafkaBootstrap,
                        "saga.command-topic=" + COMMAND_TOPIC,
                        "saga.results-topic=" + RESULTS_TOPIC,
                        "saga.feedback-topic=bench-saga-feedback",
                        "saga.consumer-group=bench-saga",
                        "saga.transactional-id-prefix=bench-saga",
                        "saga.participants=bank1=" + bank1.address() + ",bank2=" + bank2.address(),
                        "saga.participant-username=" + bank1.username(),
                        "saga.participant-password=" + bank1.password(),
                        "saga.barrier-table=bench_saga_barrier.saga_barrier",
                        "saga.sql-threads=" + sqlThreads,
                        "job.checkpoint-dir=" + work.resolve("checkpoints"),
                        ""),
                StandardCharsets.UTF_8);
        List<String> command = new ArrayList<>(List.of(java(), "-Xmx1g"));
        String extra = System.getenv("FERRY_SAGA_JAVA_OPTS");
        if (extra != null && !extra.isBlank()) {
            command.addAll(List.of(extra.strip().split("\\s+")));
        }
        command.addAll(List.of("-jar", ferryJar.toString(), "saga", "--config", config.toString()));
        Path log = work.resolve("saga.log");
        Process process =
                new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        SagaCoordinatorProcess coordinator = new SagaCoordinatorProcess(process, log);
        coordinator.awaitRunning();
        return coordinator;
    }

    /** The coordinator JVM's pid. */
    public long pid() {
        return process.pid();
    }

    private void awaitRunning() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + STARTUP.toNanos();
        while (!Files.readString(log, StandardCharsets.UTF_8).contains("is running")) {
            if (!process.isAlive()) {
                throw new IOException(
                        "the saga coordinator exited with "
                                + process.exitValue()
                                + " before its job ran:\n"
                                + Files.readString(log, StandardCharsets.UTF_8));
            }
            if (System.nanoTime() > deadline) {
                close();
                throw new IOException(
                        "the saga coordinator's job did not run within "
                                + STARTUP.toSeconds()
                                + " s; its log:\n"
                                + Files.readString(log, StandardCharsets.UTF_8));
            }
            Thread.sleep(200);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }
}
