package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.OwnMariaDb;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport.JobReport;
import dev.ferry.jobs.status.StatusText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jepsen's bank test with a fault: the downstream (a MariaDB of the test's own) is stopped for 60 s
 * in the middle of the bank workload and started again. The apply, allowed no restart at all, waits
 * for it: {@code ferry status} reports the outage meanwhile, the downstream total holds on every
 * poll it answers, and the end state equals the upstream row by row.
 */
class DownstreamOutageITCase {
    private static final Duration OUTAGE = Duration.ofSeconds(60);

    @TempDir Path checkpoints;
    @TempDir Path servers;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void theApplyWaitsOutASixtySecondOutageWithoutARestart() throws Exception {
        try (OwnMariaDb downstream = OwnMariaDb.start(servers.resolve("down"), 41)) {
            Services.useDownstream(downstream.asDownstream());
            try {
                run(downstream);
            } finally {
                Services.useDownstream(Services.mariadb());
            }
        }
    }

    private void run(OwnMariaDb downstream) throws Exception {
        try (TestDatabase db = TestDatabase.create("bank_down_stop");
                RunningJobs jobs = new RunningJobs()) {
            BankWorkload.open(db);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            Configuration apply = pipeline.applyOptions();
            apply.setString("apply.workers", "8");
            // No restart allowed: a failure of the apply during the outage fails the test.
            apply.setString("job.restart-attempts", "0");
            int restPort = FreePorts.one();
            apply.setString("monitoring.rest-port", String.valueOf(restPort));
            Configuration statusOptions = new Configuration();
            statusOptions.setString("monitoring.flink-rest-urls", "http://127.0.0.1:" + restPort);
            StatusCollector status = StatusCommand.collector(statusOptions);
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            BankWorkload.awaitOpeningBalances(db, jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());
            long transfers;
            long restartedAt;
            long longestReported = 0;
            String reportDuringOutage = "";
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                Thread.sleep(5_000);
                downstream.stop();
                long stoppedAt = System.nanoTime();
                while (System.nanoTime() - stoppedAt < OUTAGE.toNanos()) {
                    jobs.assertRunning();
                    JobReport report = applyJob(status);
                    if (report != null
                            && report.downstreamUnreachableMs() != null
                            && report.downstreamUnreachableMs() > longestReported) {
                        longestReported = report.downstreamUnreachableMs();
                        reportDuringOutage = StatusText.full(status.collect());
                    }
                    Thread.sleep(2_000);
                }
                downstream.start();
                restartedAt = System.nanoTime();
                Thread.sleep(10_000);
                transfers = workload.transfers();
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            long recoveredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restartedAt);
            checker.close();
            AtomicReference<JobReport> after = new AtomicReference<>();
            // Flink's metric fetcher refreshes every 10 s.
            Await.until(
                    "status to show the downstream reachable again",
                    Duration.ofSeconds(40),
                    () -> {
                        after.set(applyJob(status));
                        return after.get() != null
                                && Long.valueOf(0).equals(after.get().downstreamUnreachableMs());
                    },
                    () -> String.valueOf(after.get()));
            System.out.printf(
                    "downstream stopped %d s: %d transfers, equal %d ms after it was back"
                            + " (workload stopped 10 s after), %d polls, %d while unreachable,"
                            + " %d violations, status reported up to %d ms unreachable,"
                            + " %s restarts%n%s%n",
                    OUTAGE.toSeconds(),
                    transfers,
                    recoveredMs,
                    checker.polls(),
                    checker.unreachable(),
                    checker.violations(),
                    longestReported,
                    after.get().restarts(),
                    reportDuringOutage);
            assertThat(transfers).as("transfers upstream").isGreaterThan(100);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(50);
            assertThat(checker.unreachable()).as("polls during the outage").isPositive();
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
            // Flink's metric fetcher and the first retry lag behind the stop by a few seconds.
            assertThat(longestReported)
                    .as("the outage in status (downstreamUnreachableMs)")
                    .isGreaterThan(OUTAGE.toMillis() / 2);
            assertThat(reportDuringOutage).contains("downstream").contains("UNREACHABLE for");
            assertThat(after.get().restarts()).as("restarts of the apply").isZero();
        }
    }

    private static JobReport applyJob(StatusCollector status) {
        return status.collect().jobs().stream()
                .filter(j -> j.kind().equals("apply"))
                .findFirst()
                .orElse(null);
    }
}
