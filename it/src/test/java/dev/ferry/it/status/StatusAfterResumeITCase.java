package dev.ferry.it.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jobs.runtime.LatestCheckpoint;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport.JobReport;
import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `ferry status` of a capture job resumed from its checkpoint after the snapshot: the tables show
 * the rows the snapshot copied (not 0 rows at 100 %), and the phase is binlog without a new binlog
 * event.
 */
class StatusAfterResumeITCase {
    private static final int ROWS = 20_000;

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void aResumedCaptureShowsTheRowsItsSnapshotCopied() throws Exception {
        try (TestDatabase db = TestDatabase.create("resume");
                RunningJobs jobs = new RunningJobs()) {
            String table = db.table("t");
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(100))",
                    "INSERT INTO "
                            + table
                            + " SELECT seq, 'row' FROM "
                            + db.table("seq_1_to_" + ROWS));
            Pipeline pipeline = new Pipeline(db, checkpoints);
            int restPort = FreePorts.one();
            Configuration capture = pipeline.captureOptions();
            capture.setString("monitoring.rest-port", String.valueOf(restPort));
            Configuration statusOptions = new Configuration(capture);
            statusOptions.setString("monitoring.flink-rest-urls", "http://127.0.0.1:" + restPort);
            StatusCollector status = StatusCommand.collector(statusOptions);

            JobClient first = jobs.add(pipeline.startCapture());
            AtomicReference<JobReport> last = new AtomicReference<>();
            Await.until(
                    "the snapshot in the status",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        JobReport job = captureJob(status);
                        last.set(job);
                        return job != null
                                && "binlog".equals(job.phase())
                                && rowsDone(job, table) == ROWS;
                    },
                    () -> String.valueOf(last.get()));
            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE " + table + " SET v = 'changed' WHERE id <= 10");
            Await.until(
                    "a binlog event in the status",
                    Duration.ofMinutes(1),
                    () -> {
                        JobReport job = captureJob(status);
                        last.set(job);
                        return job != null && job.binlogPosition() != null;
                    },
                    () -> String.valueOf(last.get()));
            Path captureCheckpoints = checkpoints.resolve("capture-" + db.name());
            Await.until(
                    "a checkpoint of the capture job",
                    Duration.ofSeconds(30),
                    () -> LatestCheckpoint.in(captureCheckpoints).isPresent());
            Thread.sleep(3_000); // a checkpoint past the snapshot and the binlog event
            jobs.cancel(first);

            // A port of its own: the first job's REST server may still be shutting down.
            int resumedPort = FreePorts.one();
            capture.setString("monitoring.rest-port", String.valueOf(resumedPort));
            statusOptions.setString(
                    "monitoring.flink-rest-urls", "http://127.0.0.1:" + resumedPort);
            StatusCollector resumedStatus = StatusCommand.collector(statusOptions);
            jobs.add(pipeline.startCapture());
            Await.until(
                    "the resumed job in the binlog phase in the status",
                    Duration.ofMinutes(1),
                    () -> {
                        jobs.assertRunning();
                        JobReport job = captureJob(resumedStatus);
                        last.set(job);
                        // Metrics reach Flink's REST API a moment after the job starts; no
                        // binlog event comes after the resume, so only restored counts make
                        // the phase binlog.
                        return job != null && "binlog".equals(job.phase());
                    },
                    () -> String.valueOf(last.get()));
            JobReport resumed = last.get();
            assertThat(resumed.phase()).as(resumed.toString()).isEqualTo("binlog");
            TableProgress progress =
                    resumed.tables().stream()
                            .filter(t -> t.table().equals(table))
                            .findFirst()
                            .orElseThrow();
            assertThat(progress.rowsDone()).as(resumed.toString()).isEqualTo(ROWS);
            assertThat(progress.percent()).isEqualTo(100.0);
        }
    }

    private static JobReport captureJob(StatusCollector status) {
        return status.collect().jobs().stream()
                .filter(j -> j.kind().equals("capture"))
                .findFirst()
                .orElse(null);
    }

    private static long rowsDone(JobReport job, String table) {
        return job.tables().stream()
                .filter(t -> t.table().equals(table))
                .mapToLong(TableProgress::rowsDone)
                .findFirst()
                .orElse(-1);
    }
}
