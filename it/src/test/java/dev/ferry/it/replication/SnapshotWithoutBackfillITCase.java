package dev.ferry.it.replication;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
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
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().setString("capture.snapshot.skip-backfill", "true");
            // Small chunks: many chunks read while the workload runs, each with changes to replay.
            pipeline.captureOptions().setString("capture.snapshot.chunk-size", "2000");
            SnapshotUnderWorkload.copyAndAssertEqual(db, pipeline, jobs, 7);
        }
    }
}
