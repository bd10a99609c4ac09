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
 * The whole pipeline on real services: a snapshot of three tables (one of 100,000 rows, one of
 * awkward types, one with a composite key) taken while inserts, updates and deletes run, then the
 * binlog; downstream must end equal to upstream, row by row.
 */
class SnapshotThenBinlogITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void copiesTablesWhileTheyChangeAndEndsEqual() throws Exception {
        try (TestDatabase db = TestDatabase.create("snap");
                RunningJobs jobs = new RunningJobs()) {
            Pipeline pipeline = new Pipeline(db, checkpoints);
            SnapshotUnderWorkload.copyAndAssertEqual(db, pipeline, jobs, 42);
        }
    }
}
