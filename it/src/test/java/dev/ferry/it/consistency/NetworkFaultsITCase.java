package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Toxiproxy;
import dev.ferry.it.support.kafka.ProxiedKafka;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import eu.rekawek.toxiproxy.model.toxic.Latency;
import eu.rekawek.toxiproxy.model.toxic.ResetPeer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jepsen's bank test with network faults from Toxiproxy, a real TCP fault proxy between the jobs
 * and every service: latency on the capture's upstream link, resets of the apply's downstream
 * connections, and the Kafka link of both jobs cut for some seconds (a broker of the test's own
 * that advertises the proxy). One fault per round of the workload; after each, the downstream
 * equals the upstream row by row, and the total holds on every poll throughout.
 */
class NetworkFaultsITCase {
    @TempDir Path checkpoints;
    @TempDir Path work;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    /** One fault: put in place, then taken away. */
    private interface Fault {
        AutoCloseable inject() throws Exception;
    }

    @Test
    void theInvariantHoldsThroughLatencyResetsAndACutKafkaLink() throws Exception {
        try (Toxiproxy toxiproxy = Toxiproxy.start(work);
                ProxiedKafka kafka = ProxiedKafka.start(work.resolve("kafka"), toxiproxy);
                TestDatabase db = TestDatabase.create("bank_net_faults");
                RunningJobs jobs = new RunningJobs()) {
            Proxy upstream = toxiproxy.proxy("upstream", Services.UPSTREAM_PORT);
            Proxy downstream = toxiproxy.proxy("downstream", Services.downstreamApply().port());
            BankWorkload.open(db);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().setString("upstream.port", "" + Toxiproxy.port(upstream));
            pipeline.applyOptions().setString("downstream.port", "" + Toxiproxy.port(downstream));
            pipeline.applyOptions().setString("apply.workers", "8");
            kafka.serve(pipeline);
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            BankWorkload.awaitOpeningBalances(db, jobs);
            BalanceChecker checker = BalanceChecker.start(db.name());

            StringBuilder report = new StringBuilder();
            round(
                    db,
                    jobs,
                    report,
                    "upstream latency 300 ms +-100 ms for 10 s",
                    Duration.ofSeconds(10),
                    () -> {
                        Latency latency =
                                upstream.toxics()
                                        .latency("latency", ToxicDirection.DOWNSTREAM, 300);
                        latency.setJitter(100);
                        return latency::remove;
                    });
            round(
                    db,
                    jobs,
                    report,
                    "downstream connections reset for 5 s",
                    Duration.ofSeconds(5),
                    () -> {
                        ResetPeer reset =
                                downstream.toxics().resetPeer("reset", ToxicDirection.UPSTREAM, 0);
                        return reset::remove;
                    });
            round(db, jobs, report, "Kafka link cut for 8 s", Duration.ofSeconds(8), kafka::cut);
            checker.close();
            System.out.printf(
                    "network faults:%n%s%d polls, %d violations%n",
                    report, checker.polls(), checker.violations());
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(50);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
        }
    }

    /**
     * Transfers for 4 s, then with the fault for {@code length}, then 4 s more without it; then
     * waits for the downstream to equal the upstream, and reports how long after the fault ended.
     */
    private static void round(
            TestDatabase db,
            RunningJobs jobs,
            StringBuilder report,
            String name,
            Duration length,
            Fault fault)
            throws Exception {
        long transfers;
        long healedAt;
        try (BankWorkload workload = BankWorkload.start(db, 4)) {
            Thread.sleep(4_000);
            System.out.printf("%s %s begins%n", java.time.LocalTime.now(), name);
            AutoCloseable healing = fault.inject();
            Thread.sleep(length.toMillis());
            healing.close();
            System.out.printf("%s %s ends%n", java.time.LocalTime.now(), name);
            healedAt = System.nanoTime();
            Thread.sleep(4_000);
            transfers = workload.transfers();
        }
        Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
        long recoveredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - healedAt);
        report.append(
                String.format(
                        "  %s: %d transfers, equal %d ms after the fault ended (workload"
                                + " stopped 4 s after)%n",
                        name, transfers, recoveredMs));
        assertThat(transfers).as("transfers in round '%s'", name).isGreaterThan(20);
    }
}
