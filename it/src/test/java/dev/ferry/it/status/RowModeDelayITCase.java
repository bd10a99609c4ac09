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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row-mode apply (apply.consistency=row, four writers) reports the same delay as the
 * transaction mode (docs/operations.md, Delay), under the same metric: each reading through {@code
 * ferry status} is checked against the age of the heartbeat row downstream, within a second, while
 * the upstream is idle, while the downstream takes no writes under upstream load, and during the
 * catch-up after it.
 */
class RowModeDelayITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void readingsMatchTheHeartbeatRowsAgeDownstream() throws Exception {
        try (TestDatabase db = TestDatabase.create("delay_row");
                RunningJobs jobs = new RunningJobs()) {
            String table = db.table("t");
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(200))",
                    "INSERT INTO " + table + " SELECT seq, 'x' FROM " + db.table("seq_1_to_1000"));
            Pipeline pipeline = new Pipeline(db, checkpoints);
            Configuration capture = pipeline.captureOptions();
            Configuration apply = pipeline.applyOptions();
            String heartbeat = Heartbeat.enable(db, capture, apply);
            apply.setString("apply.consistency", "row");

            try (DelayProbe probe = DelayProbe.watching(capture, apply, heartbeat)) {
                jobs.add(pipeline.startCapture());
                jobs.add(pipeline.startApply());
                Await.until(
                        "the binlog read and a fresh heartbeat row downstream",
                        Duration.ofMinutes(2),
                        () -> {
                            jobs.assertRunning();
                            DelayProbe.Reading reading = probe.read();
                            return "binlog".equals(reading.capturePhase())
                                    && reading.applyMs() != null
                                    && reading.ageAfter() >= 0
                                    && reading.ageAfter() < 3_000;
                        });

                List<DelayProbe.Reading> idle = probe.readFor(Duration.ofSeconds(6));
                DelayProbe.assertWithinTolerance("idle upstream", idle);
                assertThat(idle)
                        .as("neither 0 nor growing while idle")
                        .allSatisfy(r -> assertThat(r.applyMs()).isBetween(1L, 5_000L));

                AtomicBoolean writing = new AtomicBoolean(true);
                CompletableFuture<Void> load = CompletableFuture.runAsync(() -> load(db, writing));
                // The writers stall, a backlog builds in Kafka.
                List<DelayProbe.Reading> outage =
                        probe.readWhileDownstreamTakesNoWrites(
                                Duration.ofSeconds(6),
                                () -> {
                                    writing.set(false);
                                    load.join();
                                });
                DelayProbe.assertWithinTolerance("the downstream taking no writes", outage);
                assertThat(outage.get(outage.size() - 1).applyMs())
                        .as("the stall shows: %s", outage)
                        .isGreaterThan(4_000);

                List<DelayProbe.Reading> catchUp =
                        probe.readUntilApplyDelayUnder(
                                "the delay back under 2.5 s after the backlog",
                                2_500,
                                Duration.ofMinutes(2));
                DelayProbe.assertWithinTolerance("the catch-up", catchUp);
                assertThat(catchUp)
                        .as("readings while the backlog drained")
                        .anySatisfy(r -> assertThat(r.applyMs()).isGreaterThan(3_000));
                assertThat(
                                Sql.queryLong(
                                        Services.downstreamAdmin(),
                                        "SELECT COUNT(*) FROM " + table))
                        .as("the backlog was applied")
                        .isGreaterThan(1_000);
                System.out.printf(
                        "row mode delay readings:%n idle %s%n stalled %s%n catch-up %s%n",
                        idle, outage, catchUp);
                jobs.assertRunning();
            }
        }
    }

    /** Upstream transactions of 2,000 rows, one every 100 ms, until told to stop. */
    private static void load(TestDatabase db, AtomicBoolean writing) {
        for (int batch = 1; writing.get(); batch++) {
            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO "
                            + db.table("t")
                            + " SELECT seq + "
                            + batch * 2_000
                            + ", REPEAT('y', 100) FROM "
                            + db.table("seq_1_to_2000"));
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
