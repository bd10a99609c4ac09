package dev.ferry.it.schema;

import static dev.ferry.it.schema.SchemaChangeApplyITCase.awaitBinlogRows;
import static dev.ferry.it.schema.SchemaChangeApplyITCase.awaitEqual;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * apply.schema-change-behavior and apply.skip-schema-change: stop at a DDL with an error naming it,
 * ignore DDL, and a DDL the downstream rejects, which stops the job clearly with nothing lost until
 * the skip option gets past it.
 */
@ExtendWith(ExpectedErrors.class)
class SchemaChangeBehaviorITCase {
    private static final Pattern SKIP_ID =
            Pattern.compile("apply\\.skip-schema-change=(file=[^,]+,pos=\\d+,ddl=\\d+\\.\\d+)");

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void stopStopsAtTheDdlAndTheSkipOptionGoesOnAfterTheUserAppliedIt() throws Exception {
        try (TestDatabase db = TestDatabase.create("ddlstop");
                RunningJobs jobs = new RunningJobs()) {
            String t = table(db);
            Pipeline pipeline = start(db, jobs, "stop");
            JobClient apply = jobs.add(pipeline.startApply());
            try (RowChurn churn = RowChurn.start(t, 31, 1_000)) {
                awaitBinlogRows(t, jobs);
                Sql.execute(
                        Services.upstreamAdmin(),
                        "ALTER TABLE " + t + " ADD COLUMN x INT NOT NULL DEFAULT 3");
                churn.awaitMore(30);
            }

            String id = failureNamingSkip(apply, "apply.schema-change-behavior=stop asks");
            jobs.forget(apply);
            assertThat(Definitions.downstream(db)).noneMatch(line -> line.startsWith("t.x "));

            Sql.execute(
                    Services.downstreamAdmin(),
                    "ALTER TABLE " + t + " ADD COLUMN x INT NOT NULL DEFAULT 3");
            pipeline.applyOptions().setString("apply.skip-schema-change", id);
            jobs.add(pipeline.startApply());
            awaitEqual(db, jobs);
        }
    }

    @Test
    void ignoreLeavesTheDownstreamDefinitionAndGoesOn() throws Exception {
        try (TestDatabase db = TestDatabase.create("ddlignore");
                RunningJobs jobs = new RunningJobs()) {
            String t = table(db);
            Pipeline pipeline = start(db, jobs, "ignore");
            jobs.add(pipeline.startApply());
            try (RowChurn churn = RowChurn.start(t, 32, 1_000)) {
                awaitBinlogRows(t, jobs);
                Sql.execute(Services.upstreamAdmin(), "ALTER TABLE " + t + " ADD INDEX by_k (k)");
                churn.awaitMore(30);
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            assertThat(Definitions.upstream(db)).contains("t index by_k (k)");
            assertThat(Definitions.downstream(db)).doesNotContain("t index by_k (k)");
        }
    }

    @Test
    void aDdlTheDownstreamRejectsStopsClearlyAndTheSkipOptionGetsPastIt() throws Exception {
        try (TestDatabase db = TestDatabase.create("ddlreject");
                RunningJobs jobs = new RunningJobs()) {
            String t = table(db);
            Pipeline pipeline = start(db, jobs, "evolve");
            JobClient apply = jobs.add(pipeline.startApply());
            // A row only the downstream has, too long for the narrower column the upstream gets.
            Sql.execute(
                    Services.downstreamAdmin(),
                    "INSERT INTO " + t + " (id, k, v) VALUES (999999, 0, 'far too long a value')");
            try (RowChurn churn = RowChurn.start(t, 33, 1_000)) {
                awaitBinlogRows(t, jobs);
                Sql.execute(
                        Services.upstreamAdmin(), "ALTER TABLE " + t + " MODIFY v VARCHAR(5) NULL");
                churn.awaitMore(30);
            }

            String id = failureNamingSkip(apply, "cannot be carried over");
            jobs.forget(apply);
            assertThatThrownBy(() -> apply.getJobExecutionResult().get())
                    .hasStackTraceContaining("the downstream rejected ALTER TABLE")
                    .hasStackTraceContaining("MODIFY COLUMN `v` varchar(5)");

            Sql.execute(
                    Services.downstreamAdmin(),
                    "DELETE FROM " + t + " WHERE id = 999999",
                    "ALTER TABLE " + t + " MODIFY v VARCHAR(5) NULL");
            pipeline.applyOptions().setString("apply.skip-schema-change", id);
            jobs.add(pipeline.startApply());
            awaitEqual(db, jobs); // nothing written upstream after the DDL was lost
        }
    }

    private static String table(TestDatabase db) {
        String t = "`" + db.name() + "`.t";
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE " + t + " (id INT PRIMARY KEY, k INT NOT NULL, v VARCHAR(20) NULL)",
                "INSERT INTO " + t + " VALUES (1, 1, 'one'), (2, 2, 'two')");
        return t;
    }

    /** Starts the capture and sets the behaviour; the caller starts the apply. */
    private Pipeline start(TestDatabase db, RunningJobs jobs, String behavior) throws Exception {
        Pipeline pipeline = new Pipeline(db, checkpoints);
        pipeline.applyOptions().setString("apply.schema-change-behavior", behavior);
        jobs.add(pipeline.startCapture());
        return pipeline;
    }

    /** Waits for the apply job to fail with {@code message}, and returns the DDL id it names. */
    private static String failureNamingSkip(JobClient apply, String message) {
        Throwable failure = null;
        try {
            apply.getJobExecutionResult().get(3, TimeUnit.MINUTES);
        } catch (Exception e) {
            failure = e;
        }
        assertThat(failure).as("the apply job stops").isNotNull();
        StringBuilder messages = new StringBuilder();
        for (Throwable e = failure; e != null; e = e.getCause()) {
            messages.append(e.getMessage()).append('\n');
        }
        assertThat(messages.toString()).contains(message).contains("nothing after it");
        Matcher id = SKIP_ID.matcher(messages);
        assertThat(id.find())
                .as("the error names the skip option and the DDL: " + messages)
                .isTrue();
        return id.group(1);
    }
}
