package dev.ferry.it.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.CheckpointCounts;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline over hundreds of tables ({@code database.*}): the capture checkpoints every second
 * while it snapshots them, and the transactional apply keeps committing transactions spread over
 * all of them, whose merged commits name far more change topics than the progress table once held.
 * The snapshot runs on the default layout (one topic per database); the transactions on a topic per
 * table, the option whose commits name the most partitions.
 */
class ManyTablesITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void aSnapshotOf250TablesCheckpointsEverySecondWithoutAFailure() throws Exception {
        try (TestDatabase db = TestDatabase.create("many_snap");
                RunningJobs jobs = new RunningJobs()) {
            ManyTables.create(db, 250, 40);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            int restPort = FreePorts.one();
            pipeline.captureOptions().setString("job.checkpoint-interval", "1 s");
            // Four chunks a table: the splitter works through 1,000 chunks while checkpoints run.
            pipeline.captureOptions().setString("capture.snapshot.chunk-size", "10");
            pipeline.captureOptions().setString("monitoring.rest-port", String.valueOf(restPort));
            JobClient capture = jobs.add(pipeline.startCapture());
            // Checkpoints triggered while the tasks still deploy fail without a history entry
            // (NOT_ALL_REQUIRED_TASKS_RUNNING): count the failures after the first completed one.
            AtomicReference<CheckpointCounts> first = new AtomicReference<>();
            Await.until(
                    "the capture's first completed checkpoint",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        try {
                            first.set(CheckpointCounts.read(restPort, capture.getJobID()));
                        } catch (Exception restNotServingYet) {
                            return false;
                        }
                        return first.get().completed() > 0;
                    });
            jobs.add(pipeline.startApply());

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(4));
            CheckpointCounts last = CheckpointCounts.read(restPort, capture.getJobID());
            System.out.printf(
                    "250 tables snapshot: capture checkpoints at the first completed %s, at the end"
                            + " %s%n",
                    first.get(), last);
            assertThat(last.completed() - first.get().completed())
                    .as("capture checkpoints completed during the snapshot")
                    .isGreaterThan(3);
            assertThat(last.failed() - first.get().failed())
                    .as("capture checkpoints failed during the snapshot: %s", last.failures())
                    .isZero();
        }
    }

    @Test
    void transactionsSpreadOver500TablesApplyWholeForAMinute() throws Exception {
        try (TestDatabase db = TestDatabase.create("many_tx");
                RunningJobs jobs = new RunningJobs()) {
            ManyTables.create(db, 500, 5);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            // A topic per table: each merged commit's progress names a partition per table.
            pipeline.captureOptions().setString("kafka.topic-pattern", "ferry.{database}.{table}");
            pipeline.applyOptions().setString("kafka.topic-pattern", "ferry.{database}.{table}");
            pipeline.applyOptions().setString("apply.consistency", "transaction");
            pipeline.applyOptions().setString("apply.workers", "8");
            pipeline.applyOptions().setString("apply.progress-database", "ferry_meta_" + db.name());
            try {
                replicateSpreadWrites(db, pipeline, jobs);
            } finally {
                Sql.execute(
                        Services.downstreamAdmin(),
                        "DROP DATABASE IF EXISTS `ferry_meta_" + db.name() + "`");
            }
        }
    }

    private static void replicateSpreadWrites(TestDatabase db, Pipeline pipeline, RunningJobs jobs)
            throws Exception {
        jobs.add(pipeline.startCapture());
        jobs.add(pipeline.startApply());
        Replicas.awaitEqual(db, jobs, Duration.ofMinutes(4));

        AtomicLong widestCommit = new AtomicLong();
        long transactions;
        try (SpreadWrites writes = SpreadWrites.start(db, 500, 4)) {
            long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < end) {
                jobs.assertRunning();
                widestCommit.accumulateAndGet(partitionsInWidestCommit(db), Math::max);
                Thread.sleep(200); // records are pruned about a second after they commit
            }
            transactions = writes.transactions();
        }
        Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
        System.out.printf(
                "500 tables: %d upstream transactions, widest commit named %d partitions%n",
                transactions, widestCommit.get());
        assertThat(transactions).as("upstream transactions").isGreaterThan(1_000);
        assertThat(widestCommit.get())
                .as("partitions named by one merged commit's progress record")
                .isGreaterThan(125);
    }

    /** The most partitions one recorded commit names (they are pruned once behind the restart). */
    private static long partitionsInWidestCommit(TestDatabase db) {
        return Sql.queryLong(
                Services.downstreamAdmin(),
                "SELECT COALESCE(MAX(LENGTH(kafka_offsets) - LENGTH(REPLACE(kafka_offsets, ' ', ''))"
                        + " + 1), 0) FROM `ferry_meta_"
                        + db.name()
                        + "`.ferry_applied_commits");
    }
}
