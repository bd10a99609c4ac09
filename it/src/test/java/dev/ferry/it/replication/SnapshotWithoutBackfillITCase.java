package dev.ferry.it.replication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.checksum.DatabaseComparison;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Workload;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code capture.snapshot.skip-backfill=true}: chunks go out as read and the binlog phase replays
 * the changes made while they were read, which the apply meets after rows that already hold them.
 * Taken while inserts, updates and deletes run, the copy must still end equal, row by row.
 */
class SnapshotWithoutBackfillITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void replayedChangesEndEqual() throws Exception {
        try (TestDatabase db = TestDatabase.create("nobackfill");
                RunningJobs jobs = new RunningJobs()) {
            SampleSchema.load(db, 100_000, 1_000);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().setString("capture.snapshot.skip-backfill", "true");
            // Small chunks: many chunks read while the workload runs, each with changes to replay.
            pipeline.captureOptions().setString("capture.snapshot.chunk-size", "2000");
            try (Workload workload = Workload.start(db, 7)) {
                jobs.add(pipeline.startCapture());
                jobs.add(pipeline.startApply());
                Thread.sleep(15_000);
                jobs.assertRunning();
                assertThat(workload.transactions()).isGreaterThan(100);
            }

            DatabaseComparison result = Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));

            assertThat(result.tables()).hasSize(3);
            assertThat(result.sourceRows()).isGreaterThan(100_000);
            assertThat(result.targetRows()).isEqualTo(result.sourceRows());
        }
    }
}
