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
            SampleSchema.load(db, 100_000, 1_000);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            try (Workload workload = Workload.start(db, 42)) {
                jobs.add(pipeline.startCapture());
                jobs.add(pipeline.startApply());
                Thread.sleep(15_000); // the workload keeps changing rows through the snapshot
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
