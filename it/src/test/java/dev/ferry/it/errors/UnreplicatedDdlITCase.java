package dev.ferry.it.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * DDL is not replicated. A column added upstream stops the apply job with a message that names the
 * column and what to do; once the user adds it downstream, a restart from the checkpoint applies
 * every change made meanwhile: nothing is lost.
 */
@ExtendWith(ExpectedErrors.class)
class UnreplicatedDdlITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void addedColumnStopsApplyClearlyAndLosesNothing() throws Exception {
        try (TestDatabase db = TestDatabase.create("ddl");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(20))",
                    "INSERT INTO " + table + " VALUES (1, 'one'), (2, 'two')");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            Sql.execute(
                    Services.upstreamAdmin(),
                    "ALTER TABLE " + table + " ADD COLUMN extra INT NULL",
                    "INSERT INTO " + table + " VALUES (3, 'three', 33)",
                    "UPDATE " + table + " SET v = 'uno', extra = 11 WHERE id = 1");

            assertThatThrownBy(() -> apply.getJobExecutionResult().get(2, TimeUnit.MINUTES))
                    .hasStackTraceContaining(
                            "downstream table " + db.name() + ".t has no column 'extra'")
                    .hasStackTraceContaining("Add the column downstream")
                    .hasStackTraceContaining("no change is lost");
            jobs.forget(apply);

            Sql.execute(
                    Services.downstreamAdmin(),
                    "ALTER TABLE " + table + " ADD COLUMN extra INT NULL");
            jobs.add(pipeline.startApply()); // resumes from the checkpoint before the failed flush

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT extra FROM " + table + " WHERE id = 1"))
                    .isEqualTo(11);
            Await.until(
                    "row 3",
                    Duration.ofSeconds(5),
                    () ->
                            Sql.queryLong(
                                            Services.downstreamAdmin(),
                                            "SELECT extra FROM " + table + " WHERE id = 3")
                                    == 33);
        }
    }
}
