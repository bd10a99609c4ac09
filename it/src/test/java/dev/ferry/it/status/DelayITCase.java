package dev.ferry.it.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Heartbeat;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport;
import dev.ferry.jobs.status.StatusReport.JobReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delay both jobs report is what an operator means by it (docs/operations.md, Delay): each
 * reading of the apply's is checked against the age of the heartbeat row downstream, within a
 * second, while the upstream is idle, during a large transaction and during a downstream outage;
 * the capture's is never above it by more than that, and neither reads 0 or nothing in the
 * snapshot.
 */
class DelayITCase {
    private static final long TOLERANCE_MS = 1000;

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    /**
     * One reading of both jobs, with the youngest and oldest age of the heartbeat row downstream
     * while it was taken (and while Flink's REST API held the values it served).
     */
    private record Reading(
            String capturePhase, Long captureMs, Long applyMs, long ageBefore, long ageAfter) {
        /** The row's age at either end of the reading: a heartbeat may land in between. */
        long youngest() {
            return Math.min(ageBefore, ageAfter);
        }

        long oldest() {
            return Math.max(ageBefore, ageAfter);
        }

        @Override
        public String toString() {
            return "capture "
                    + capturePhase
                    + " "
                    + captureMs
                    + " ms, apply "
                    + applyMs
                    + " ms, heartbeat age downstream "
                    + ageBefore
                    + "-"
                    + ageAfter
                    + " ms";
        }
    }

    @Test
    void readingsMatchTheHeartbeatRowsAgeDownstream() throws Exception {
        try (TestDatabase db = TestDatabase.create("delay");
                RunningJobs jobs = new RunningJobs()) {
            String heartbeat = db.table("heartbeat");
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + db.table("t") + " (id INT PRIMARY KEY, v VARCHAR(200))",
                    "INSERT INTO "
                            + db.table("t")
                            + " SELECT seq, REPEAT('x', 100) FROM "
                            + db.table("seq_1_to_400000"),
                    "CREATE TABLE " + db.table("big") + " (id INT PRIMARY KEY, v VARCHAR(200))");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            int capturePort = FreePorts.one();
            int applyPort = FreePorts.one();
            Configuration capture = pipeline.captureOptions();
            Configuration apply = pipeline.applyOptions();
            // Made for the capture user, as an operator without CREATE for it would.
            Heartbeat.enable(db, capture, apply);
            for (Configuration options : List.of(capture, apply)) {
                // Flink's REST API serves metrics this fresh: well inside the tolerance.
                options.setString("metrics.fetcher.update-interval", "200 ms");
            }
            capture.setString("monitoring.rest-port", String.valueOf(capturePort));
            apply.setString("monitoring.rest-port", String.valueOf(applyPort));
            // One reader, small chunks: a snapshot long enough to be read during it.
            capture.setString("capture.parallelism", "1");
            capture.setString("capture.snapshot.chunk-size", "1000");
            Configuration statusOptions = new Configuration(capture);
            statusOptions.setString(
                    "monitoring.flink-rest-urls",
                    "http://127.0.0.1:" + capturePort + ",http://127.0.0.1:" + applyPort);
            StatusCollector status = StatusCommand.collector(statusOptions);

            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Thread sampler = sampleAges(heartbeat);

            List<Reading> snapshot = new ArrayList<>();
            Await.until(
                    "the snapshot to end and a fresh heartbeat row downstream",
                    Duration.ofMinutes(3),
                    () -> {
                        jobs.assertRunning();
                        Reading reading = read(status, heartbeat);
                        // Both jobs up (each serves its metrics once its operators run).
                        if ("snapshot".equals(reading.capturePhase())
                                && reading.applyMs() != null) {
                            snapshot.add(reading);
                        }
                        // Caught up: the binlog read and a fresh heartbeat downstream.
                        return "binlog".equals(reading.capturePhase())
                                && reading.ageAfter() >= 0
                                && reading.ageAfter() < 5_000;
                    });
            assertThat(snapshot).as("readings during the snapshot").isNotEmpty();
            assertThat(snapshot)
                    .allSatisfy(
                            r -> {
                                assertThat(r.captureMs()).as(r.toString()).isNotNull();
                                assertThat(r.applyMs()).as(r.toString()).isPositive();
                            });

            List<Reading> idle = readFor(status, heartbeat, Duration.ofSeconds(6));
            assertWithinTolerance("idle upstream", idle);
            assertThat(idle).allSatisfy(r -> assertThat(r.applyMs()).isLessThan(5_000));

            CompletableFuture<Void> large =
                    CompletableFuture.runAsync(
                            () ->
                                    Sql.execute(
                                            Services.upstreamAdmin(),
                                            "INSERT INTO "
                                                    + db.table("big")
                                                    + " SELECT seq, REPEAT('y', 50)"
                                                    + " FROM "
                                                    + db.table("seq_1_to_200000")));
            List<Reading> duringLarge = new ArrayList<>();
            while (!large.isDone()) {
                duringLarge.addAll(readFor(status, heartbeat, Duration.ofMillis(500)));
            }
            large.join();
            duringLarge.addAll(readFor(status, heartbeat, Duration.ofSeconds(8)));
            assertWithinTolerance("a large transaction", duringLarge);

            List<Reading> outage;
            try (Connection downstream = Connections.open(Services.downstreamAdmin());
                    Statement lock = downstream.createStatement()) {
                // Writes wait, reads go on: the apply stalls, the row's age stays measurable.
                lock.execute("FLUSH TABLES WITH READ LOCK");
                try {
                    outage = readFor(status, heartbeat, Duration.ofSeconds(6));
                } finally {
                    lock.execute("UNLOCK TABLES");
                }
            }
            assertWithinTolerance("a downstream outage", outage);
            assertThat(outage.get(outage.size() - 1).applyMs())
                    .as("the outage shows: %s", outage)
                    .isGreaterThan(4_000);
            // On a loaded machine the backlog of the large transaction may still be in the
            // capture: wait for the catch-up, checking every reading on the way.
            List<Reading> after = new ArrayList<>();
            Await.until(
                    "the delay back under 3 s after the outage",
                    Duration.ofMinutes(3),
                    () -> {
                        Reading reading = read(status, heartbeat);
                        after.add(reading);
                        return reading.applyMs() != null && reading.applyMs() < 3_000;
                    },
                    after::toString);
            assertWithinTolerance("the catch-up after the outage", after);
            sampler.interrupt();
            jobs.assertRunning();
        }
    }

    private static void assertWithinTolerance(String when, List<Reading> readings) {
        assertThat(readings).as(when).isNotEmpty();
        for (Reading r : readings) {
            assertThat(r.applyMs()).as("%s: %s", when, r).isNotNull();
            assertThat(r.applyMs())
                    .as("%s: the apply's delay against the heartbeat's age: %s", when, r)
                    .isBetween(r.youngest() - TOLERANCE_MS, r.oldest() + TOLERANCE_MS);
            assertThat(r.captureMs()).as("%s: %s", when, r).isNotNull();
            assertThat(r.captureMs())
                    .as("%s: the capture's delay is within the end to end one: %s", when, r)
                    .isBetween(0L, r.oldest() + TOLERANCE_MS);
        }
    }

    private static List<Reading> readFor(
            StatusCollector status, String heartbeat, Duration duration) throws Exception {
        List<Reading> readings = new ArrayList<>();
        long end = System.currentTimeMillis() + duration.toMillis();
        do {
            readings.add(read(status, heartbeat));
            Thread.sleep(300);
        } while (System.currentTimeMillis() < end);
        return readings;
    }

    /**
     * Flink's REST API serves a gauge's value as of its last fetch from the TaskManager (every 200
     * ms here, later on a loaded machine): a reading is compared with the row's ages over that much
     * time before it too, sampled every 100 ms.
     */
    private static final long METRIC_FETCH_LAG_MS = 1000;

    private static final ConcurrentSkipListMap<Long, Long> AGES = new ConcurrentSkipListMap<>();

    private static Thread sampleAges(String heartbeat) {
        Thread sampler =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                long age = age(heartbeat);
                                AGES.put(System.currentTimeMillis(), age);
                                try {
                                    Thread.sleep(100);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "heartbeat-ages");
        sampler.setDaemon(true);
        sampler.start();
        return sampler;
    }

    private static Reading read(StatusCollector status, String heartbeat) {
        long start = System.currentTimeMillis();
        AGES.put(start, age(heartbeat));
        StatusReport report = status.collect();
        long end = System.currentTimeMillis();
        AGES.put(end, age(heartbeat));
        Collection<Long> window =
                AGES.subMap(start - METRIC_FETCH_LAG_MS, true, end, true).values();
        long before = window.stream().mapToLong(Long::longValue).min().orElse(-1);
        long after = window.stream().mapToLong(Long::longValue).max().orElse(-1);
        JobReport capture = job(report, "capture");
        JobReport apply = job(report, "apply");
        return new Reading(
                capture == null ? null : capture.phase(),
                capture == null ? null : capture.delayMs(),
                apply == null ? null : apply.delayMs(),
                before,
                after);
    }

    /** How long ago the newest heartbeat visible downstream was written upstream; -1 if none. */
    private static long age(String heartbeat) {
        try {
            long written =
                    Sql.queryLong(Services.downstreamAdmin(), "SELECT ts_ms FROM " + heartbeat);
            return written < 0 ? -1 : System.currentTimeMillis() - written;
        } catch (IllegalStateException noTableYet) {
            return -1;
        }
    }

    private static JobReport job(StatusReport report, String kind) {
        return report.jobs().stream().filter(j -> j.kind().equals(kind)).findFirst().orElse(null);
    }
}
