package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.JobRestarts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Toxiproxy;
import dev.ferry.it.support.kafka.ProxiedKafka;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jepsen's bank test with the Kafka link of both jobs cut (Toxiproxy) for longer than the binlog
 * keep-alive: the capture's binlog reader, stalled by the backpressure, looks like a lost binlog
 * connection to mysql-binlog-connector's keep-alive, which connects again at the position after the
 * last event read, inside a transaction. The capture must restart from its checkpoint instead
 * (BinlogGuardingSplitReader), so that no transfer is ever seen half applied downstream and the end
 * state equals the upstream row by row. The keep-alive is cut from the production default of 60 s
 * to 5 s to keep the test short, and the link is cut three times for 8 s: without the guard, a run
 * saw 63 broken totals (the keep-alive reconnected twice, the capture never restarted).
 */
@ExtendWith(ExpectedErrors.class)
class BinlogStallITCase {
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(5);
    private static final Duration CUT = Duration.ofSeconds(8);
    private static final int CUTS = 3;

    @TempDir Path checkpoints;
    @TempDir Path work;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void kafkaCutsLongerThanTheKeepAliveSplitNoTransaction() throws Exception {
        try (Toxiproxy toxiproxy = Toxiproxy.start(work);
                ProxiedKafka kafka = ProxiedKafka.start(work.resolve("kafka"), toxiproxy);
                TestDatabase db = TestDatabase.create("bank_binlog_stall");
                RunningJobs jobs = new RunningJobs()) {
            BankWorkload.open(db);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            Configuration capture = pipeline.captureOptions();
            capture.setString("capture.binlog.keep-alive-interval", KEEP_ALIVE.toSeconds() + " s");
            JobRestarts restarts = new JobRestarts(capture);
            pipeline.applyOptions().setString("apply.workers", "8");
            kafka.serve(pipeline);
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            BankWorkload.awaitOpeningBalances(db, jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());

            long transfers;
            long healedAt = 0;
            try (BankWorkload workload = BankWorkload.start(db, 4)) {
                for (int cut = 0; cut < CUTS; cut++) {
                    Thread.sleep(5_000);
                    AutoCloseable link = kafka.cut();
                    System.out.printf(
                            "%s Kafka link cut for %d s%n", LocalTime.now(), CUT.toSeconds());
                    Thread.sleep(CUT.toMillis());
                    link.close();
                    healedAt = System.nanoTime();
                    System.out.printf("%s Kafka link back%n", LocalTime.now());
                }
                Thread.sleep(5_000);
                transfers = workload.transfers();
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(4));
            long recoveredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - healedAt);
            checker.close();
            long captureRestarts = restarts.of("capture");
            System.out.printf(
                    "Kafka link cut %d times %d s (binlog keep-alive %d s): %d transfers, equal %d"
                            + " ms after the link was last back (workload stopped 5 s after), %d capture"
                            + " restarts, %d polls, %d violations%n",
                    CUTS,
                    CUT.toSeconds(),
                    KEEP_ALIVE.toSeconds(),
                    transfers,
                    recoveredMs,
                    captureRestarts,
                    checker.polls(),
                    checker.violations());
            assertThat(transfers).as("transfers upstream").isGreaterThan(50);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(50);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
        }
    }
}
