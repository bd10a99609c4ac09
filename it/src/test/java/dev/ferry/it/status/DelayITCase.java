package dev.ferry.it.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Heartbeat;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
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
            Configuration capture = pipeline.captureOptions();
            Configuration apply = pipeline.applyOptions();
            // Made for the capture user, as an operator without CREATE for it would.
            Heartbeat.enable(db, capture, apply);
            // One reader, small chunks: a snapshot long enough to be read during it.
            capture.setString("capture.parallelism", "1");
            capture.setString("capture.snapshot.chunk-size", "1000");
            DelayProbe probe = DelayProbe.watching(capture, apply, heartbeat);

            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());

            List<DelayProbe.Reading> snapshot = new ArrayList<>();
            Await.until(
                    "the snapshot to end and a fresh heartbeat row downstream",
                    Duration.ofMinutes(3),
                    () -> {
                        jobs.assertRunning();
                        DelayProbe.Reading reading = probe.read();
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

            List<DelayProbe.Reading> idle = probe.readFor(Duration.ofSeconds(6));
            DelayProbe.assertWithinTolerance("idle upstream", idle);
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
            List<DelayProbe.Reading> duringLarge = new ArrayList<>();
            while (!large.isDone()) {
                duringLarge.addAll(probe.readFor(Duration.ofMillis(500)));
            }
            large.join();
            duringLarge.addAll(probe.readFor(Duration.ofSeconds(8)));
            DelayProbe.assertWithinTolerance("a large transaction", duringLarge);

            List<DelayProbe.Reading> outage =
                    probe.readWhileDownstreamTakesNoWrites(Duration.ofSeconds(6), () -> {});
            DelayProbe.assertWithinTolerance("a downstream outage", outage);
            assertThat(outage.get(outage.size() - 1).applyMs())
                    .as("the outage shows: %s", outage)
                    .isGreaterThan(4_000);
            // On a loaded machine the backlog of the large transaction may still be in the
            // capture: wait for the catch-up, checking every reading on the way.
            List<DelayProbe.Reading> after =
                    probe.readUntilApplyDelayUnder(
                            "the delay back under 3 s after the outage",
                            3_000,
                            Duration.ofMinutes(3));
            DelayProbe.assertWithinTolerance("the catch-up after the outage", after);
            probe.close();
            jobs.assertRunning();
        }
    }
}
