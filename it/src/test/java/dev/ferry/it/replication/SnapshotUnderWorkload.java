package dev.ferry.it.replication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.checksum.DatabaseComparison;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Workload;
import java.time.Duration;

/**
 * The snapshot tests' scenario: the three sample tables (one of {@link #ROWS} rows, one of awkward
 * types, one with a composite key) copied by both jobs while a {@link Workload} inserts, updates
 * and deletes rows through the snapshot; the downstream must then equal the upstream, row by row.
 */
final class SnapshotUnderWorkload {
    static final int ROWS = 100_000;

    private SnapshotUnderWorkload() {}

    /**
     * Loads the tables into {@code db}, starts both jobs of {@code pipeline} while the workload
     * seeded with {@code seed} runs for 15 s, and checks that every table and row arrives equal.
     */
    static void copyAndAssertEqual(TestDatabase db, Pipeline pipeline, RunningJobs jobs, long seed)
            throws Exception {
        SampleSchema.load(db, ROWS, 1_000);
        try (Workload workload = Workload.start(db, seed)) {
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Thread.sleep(15_000); // the workload keeps changing rows through the snapshot
            jobs.assertRunning();
            assertThat(workload.transactions()).isGreaterThan(100);
        }

        DatabaseComparison result = Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));

        assertThat(result.tables()).hasSize(3);
        assertThat(result.sourceRows()).isGreaterThan(ROWS);
        assertThat(result.targetRows()).isEqualTo(result.sourceRows());
    }
}
