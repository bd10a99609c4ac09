package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bank invariant under replication: transfers move money between rows of two tables, and a
 * reader polling the downstream must always find the same total. Transaction consistency keeps it
 * on every poll; row consistency breaks it, which proves the checker can see a violation.
 */
class BankTransfersITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void transactionConsistencyKeepsTheTotalOnEveryPoll() throws Exception {
        try (TestDatabase db = TestDatabase.create("bank_tx");
                RunningJobs jobs = new RunningJobs()) {
            Pipeline pipeline = startPipeline(db, "transaction", jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());
            long transfers;
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                Thread.sleep(25_000);
                transfers = workload.transfers();
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            checker.close();
            System.out.printf(
                    "consistency=transaction: %d transfers, %d polls, %d violations,"
                            + " %d broken reads that were whole at their own timestamp%n",
                    transfers, checker.polls(), checker.violations(), checker.storeReadAnomalies());
            assertThat(transfers).as("transfers upstream").isGreaterThan(500);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(100);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
            assertThat(pipeline).isNotNull();
        }
    }

    @Test
    void rowConsistencyLetsTheCheckerSeeHalfATransfer() throws Exception {
        try (TestDatabase db = TestDatabase.create("bank_row");
                RunningJobs jobs = new RunningJobs()) {
            startPipeline(db, "row", jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                Await.until(
                        "the checker to see a broken total",
                        Duration.ofSeconds(90),
                        () -> {
                            jobs.assertRunning();
                            return checker.violations() > 0;
                        });
            } finally {
                checker.close();
            }
            System.out.printf(
                    "consistency=row: %d polls, %d violations, first: %s%n",
                    checker.polls(), checker.violations(), checker.firstViolation());
            assertThat(checker.firstViolation()).contains("saw a total of");
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
        }
    }

    /** Loads the accounts, starts both jobs and waits until the snapshot is downstream. */
    private Pipeline startPipeline(TestDatabase db, String consistency, RunningJobs jobs)
            throws Exception {
        BankWorkload.open(db);
        Pipeline pipeline = new Pipeline(db, checkpoints);
        pipeline.applyOptions().setString("apply.consistency", consistency);
        pipeline.applyOptions().setString("apply.workers", "8");
        jobs.add(pipeline.startCapture());
        jobs.add(pipeline.startApply());
        BankWorkload.awaitOpeningBalances(db, jobs);
        return pipeline;
    }
}
