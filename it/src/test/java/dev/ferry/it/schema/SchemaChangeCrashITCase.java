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
 * SIGKILLs around a DDL statement, each ending equal with the DDL applied once. The apply, after
 * the DDL ran downstream and before its progress record (the window is held open by locking the
 * progress table from another session, so the kill lands in it every time): the restarted apply
 * finds the downstream there already and runs nothing again. The capture, with the DDL in its open
 * checkpoint window: the restart reads it from the binlog again and Kafka holds one END.
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
            // The apply prunes its applied commits about a second after they commit, on its task
            // thread: a prune still due when the lock below is taken would stall that thread, and
            // the DDL behind it, rather than the worker the test means to hold.
            Await.until(
                    "the applied commits pruned",
                    Duration.ofSeconds(30),
                    () ->
                            Sql.queryLong(
                                            Services.downstreamAdmin(),
                                            "SELECT COUNT(*) FROM `"
                                                    + progressDatabase
                                                    + "`.ferry_applied_commits")
                                    == 0);

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

    @Test
    void aCaptureKilledWithTheDdlInItsCheckpointWindowWritesItOnce() throws Exception {
        try (TestDatabase db = TestDatabase.create("ddlcapkill");
                RunningJobs jobs = new RunningJobs()) {
            String t = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + t + " (id INT PRIMARY KEY, k INT NOT NULL)",
                    "INSERT INTO " + t + " VALUES (1, 1), (2, 2)");
            Pipeline pipeline = new Pipeline(db, work);
            Map<String, String> options = new TreeMap<>(pipeline.captureOptions().toMap());
            // a DDL a second old is then almost always in the open checkpoint window
            options.put("job.checkpoint-interval", "10 s");
            JarProcess capture = JarProcess.start("capture", options, "512m", work, "capture-1");
            try {
                jobs.add(pipeline.startApply());
                int inWindow = 0;
                try (RowChurn churn = RowChurn.start(t, 61, 1_000)) {
                    awaitBinlogRowsOf(t, jobs);
                    for (int i = 1; i <= 2; i++) {
                        Sql.execute(
                                Services.upstreamAdmin(),
                                "ALTER TABLE "
                                        + t
                                        + " ADD COLUMN c"
                                        + i
                                        + " INT NOT NULL DEFAULT "
                                        + i);
                        Thread.sleep(1_000);
                        if (ddlEnds(db, "c" + i) == 0) {
                            inWindow++; // written to Kafka, if at all, in an uncommitted
                            // transaction
                        }
                        capture.kill();
                        capture =
                                JarProcess.start(
                                        "capture", options, "512m", work, "capture-" + (i + 1));
                        churn.awaitMore(20);
                    }
                }
                SchemaChangeApplyITCase.awaitEqual(db, jobs);
                assertThat(inWindow)
                        .as("kills with the DDL not yet committed to Kafka")
                        .isPositive();
                assertThat(ddlEnds(db, "c1")).as("END records of the first DDL").isEqualTo(1);
                assertThat(ddlEnds(db, "c2")).as("END records of the second DDL").isEqualTo(1);
            } finally {
                capture.kill();
            }
        }
    }

    private static void awaitBinlogRowsOf(String table, RunningJobs jobs) {
        SchemaChangeApplyITCase.awaitBinlogRows(table, jobs);
    }

    /** Committed END records of DDL statements that add column {@code column}. */
    private static long ddlEnds(TestDatabase db, String column) throws Exception {
        long count = 0;
        for (var record : dev.ferry.it.support.TopicReader.readCommitted("ferry-tx-" + db.name())) {
            var end = JSON.readTree(record.value());
            var change = end.get("schema_change");
            if (change != null
                    && change.get("ddl").asText().contains("ADD COLUMN " + column + " ")) {
                count++;
            }
        }
        return count;
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();
}
