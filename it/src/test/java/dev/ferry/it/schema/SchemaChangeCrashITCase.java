package dev.ferry.it.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.JarProcess;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.jdbc.Connections;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SIGKILL of the apply process after a DDL ran downstream and before its progress record: the
 * restarted apply finds the downstream there already and runs nothing again, and the replicas end
 * equal. The window is held open by locking the progress table from another session, so the kill
 * lands in it every time.
 */
class SchemaChangeCrashITCase {
    @TempDir Path work;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void aKillAfterTheDdlRanAndBeforeItsRecordRunsItOnce() throws Exception {
        try (TestDatabase db = TestDatabase.create("ddlcrash");
                RunningJobs jobs = new RunningJobs()) {
            String t = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + t + " (id INT PRIMARY KEY, k INT NOT NULL)",
                    "INSERT INTO " + t + " VALUES (1, 1), (2, 2)");
            Pipeline pipeline = new Pipeline(db, work);
            String progressDatabase = "ferry_meta_" + db.name();
            pipeline.applyOptions().setString("apply.progress-database", progressDatabase);
            jobs.add(pipeline.startCapture());
            Map<String, String> options = new TreeMap<>(pipeline.applyOptions().toMap());

            JarProcess apply = JarProcess.start("apply", options, "512m", work, "apply-1");
            try (RowChurn churn = RowChurn.start(t, 41, 1_000)) {
                SchemaChangeApplyITCase.awaitBinlogRows(t, jobs);
                churn.awaitMore(30);
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            try (Connection lock = Connections.open(Services.downstreamAdmin());
                    Statement statement = lock.createStatement()) {
                statement.execute(
                        "LOCK TABLES `" + progressDatabase + "`.ferry_applied_commits WRITE");
                Sql.execute(
                        Services.upstreamAdmin(),
                        "ALTER TABLE " + t + " ADD COLUMN c INT NOT NULL DEFAULT 7");
                Await.until(
                        "the DDL downstream",
                        Duration.ofMinutes(1),
                        () -> Definitions.downstream(db).contains("t.c int not null"));
                Thread.sleep(500); // the worker is now waiting to record it
                apply.kill();
                statement.execute("UNLOCK TABLES");
            }
            assertThat(apply.log())
                    .contains("ran ALTER TABLE")
                    .doesNotContain("is applied downstream already");

            try (JarProcess again = JarProcess.start("apply", options, "512m", work, "apply-2");
                    RowChurn churn = RowChurn.start(t, 42, 1_000_000)) {
                churn.awaitMore(30);
                churn.close();
                SchemaChangeApplyITCase.awaitEqual(db, jobs);
                assertThat(again.log())
                        .contains("is applied downstream already")
                        .doesNotContain("ran ALTER TABLE");
            } finally {
                Sql.execute(
                        Services.downstreamAdmin(),
                        "DROP DATABASE IF EXISTS `" + progressDatabase + "`");
            }
        }
    }
}
