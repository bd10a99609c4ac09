package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.JobRestarts;
import dev.ferry.it.support.OwnMariaDb;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jepsen's bank test with a fault: the upstream (a MariaDB of the test's own, with a binlog) is
 * restarted while the capture reads its binlog in the middle of the bank workload. The ended binlog
 * session fails the capture's reader (BinlogGuardingSplitReader) and the capture restarts from its
 * checkpoint, which is at a transaction boundary, rather than resume the session at the raw
 * position of its last event, possibly inside a transaction: the downstream total holds on every
 * poll, and the end state equals the upstream row by row, nothing lost or doubled.
 */
@ExtendWith(ExpectedErrors.class)
class UpstreamRestartITCase {
    @TempDir Path checkpoints;
    @TempDir Path servers;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void theCaptureGoesOnFromItsPositionAfterTheUpstreamRestarts() throws Exception {
        try (OwnMariaDb upstream = OwnMariaDb.start(servers.resolve("up"), 42)) {
            Services.useUpstream(upstream.port());
            try {
                run(upstream);
            } finally {
                Services.useUpstream(Services.UPSTREAM_PORT);
            }
        }
    }

    private void run(OwnMariaDb upstream) throws Exception {
        try (TestDatabase db = TestDatabase.create("bank_up_restart");
                RunningJobs jobs = new RunningJobs()) {
            BankWorkload.open(db);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.applyOptions().setString("apply.workers", "8");
            // The capture restarts from its checkpoint, 5 s apart, until the upstream is back.
            pipeline.captureOptions().setString("job.restart-attempts", "20");
            JobRestarts restarts = new JobRestarts(pipeline.captureOptions());
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            BankWorkload.awaitOpeningBalances(db, jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());
            long transfers;
            long restartedAt;
            long stoppedMs;
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                Thread.sleep(8_000);
                long before = workload.transfers();
                long stopping = System.nanoTime();
                upstream.stop();
                stoppedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopping);
                Thread.sleep(3_000);
                upstream.start();
                restartedAt = System.nanoTime();
                System.out.printf(
                        "%s upstream back after a stop of %d ms%n",
                        java.time.LocalTime.now(), stoppedMs);
                Thread.sleep(12_000);
                transfers = workload.transfers();
                assertThat(transfers).as("transfers after the restart").isGreaterThan(before);
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            long recoveredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restartedAt);
            checker.close();
            long captureRestarts = restarts.of("capture");
            System.out.printf(
                    "upstream restart: %d transfers, equal %d ms after the upstream was back"
                            + " (workload stopped 12 s after; the stop took %d ms), %d capture"
                            + " restarts, %d polls, %d violations%n",
                    transfers,
                    recoveredMs,
                    stoppedMs,
                    captureRestarts,
                    checker.polls(),
                    checker.violations());
            assertThat(transfers).as("transfers upstream").isGreaterThan(100);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(50);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
            // The ended session restarted the capture, instead of leaving it to the keep-alive.
            assertThat(captureRestarts).as("restarts of the capture").isPositive();
        }
    }
}
