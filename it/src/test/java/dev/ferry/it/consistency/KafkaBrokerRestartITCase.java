package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jepsen's bank test with a fault: the local Kafka broker is killed (SIGKILL) in the middle of the
 * bank workload and started again; with apply.consistency=transaction and 8 workers the downstream
 * total holds on every poll, and the end state equals the upstream row by row.
 */
class KafkaBrokerRestartITCase {
    @TempDir Path checkpoints;

    /**
     * The broker this test kills is a process of {@code bin/services} (with containers too, where
     * the databases stay the containers): a container's restart could move its port, which the
     * broker advertises.
     */
    private static String localBroker;

    @BeforeAll
    static void services() throws IOException, InterruptedException {
        Services.requireRunning();
        startServices();
        String port = System.getenv("FERRY_KAFKA_PORT");
        localBroker = "127.0.0.1:" + (port == null || port.isBlank() ? "9092" : port.strip());
    }

    @Test
    void theInvariantHoldsWhileTheBrokerIsKilledAndRestarted() throws Exception {
        try (TestDatabase db = TestDatabase.create("bank_kafka_kill");
                RunningJobs jobs = new RunningJobs()) {
            BankWorkload.open(db);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.applyOptions().setString("apply.workers", "8");
            pipeline.captureOptions().setString("kafka.bootstrap-servers", localBroker);
            pipeline.applyOptions().setString("kafka.bootstrap-servers", localBroker);
            // The jobs must ride out the outage: restarts from checkpoints, 5 s apart.
            pipeline.captureOptions().setString("job.restart-attempts", "30");
            pipeline.applyOptions().setString("job.restart-attempts", "30");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            BankWorkload.awaitOpeningBalances(db, jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());
            long transfers;
            long restartedAt;
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                Thread.sleep(8_000);
                killBroker();
                Thread.sleep(5_000);
                startServices();
                restartedAt = System.nanoTime();
                Thread.sleep(15_000);
                transfers = workload.transfers();
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(4));
            long recoveredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restartedAt);
            checker.close();
            System.out.printf(
                    "broker kill: %d transfers, equal %d ms after the broker was back"
                            + " (workload stopped 15 s after), %d polls, %d violations%n",
                    transfers, recoveredMs, checker.polls(), checker.violations());
            assertThat(transfers).as("transfers upstream").isGreaterThan(100);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(50);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
        }
    }

    /** SIGKILL to the broker bin/services started (its pid file under the run folder). */
    private static void killBroker() throws IOException, InterruptedException {
        long pid = Long.parseLong(Files.readString(runDir().resolve("kafka/kafka.pid")).strip());
        ProcessHandle broker =
                ProcessHandle.of(pid)
                        .orElseThrow(() -> new IllegalStateException("no broker pid " + pid));
        broker.destroyForcibly();
        try {
            broker.onExit().get(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the broker did not exit", e);
        }
    }

    /** bin/services start: idempotent, it starts the missing broker and waits for it. */
    private static void startServices() throws IOException, InterruptedException {
        Process start =
                new ProcessBuilder(Path.of("..", "bin", "services").toString(), "start")
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
        if (!start.waitFor(120, TimeUnit.SECONDS) || start.exitValue() != 0) {
            throw new IllegalStateException("bin/services start failed");
        }
    }

    private static Path runDir() {
        String dir = System.getenv("FERRY_RUN_DIR");
        return dir == null || dir.isBlank() ? Path.of("..", "run") : Path.of(dir);
    }
}
