package dev.ferry.it.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * DDL on merged shards that stops the capture: a new shard created like the others joins the merged
 * table without a DDL reaching it, and then two shards run different ALTERs: the capture stops
 * before the second, naming both shards and statements, with the shard without the ALTER flowing
 * until then and the one with it held back. A TRUNCATE of one shard stops the capture naming the
 * shard, its target and the statement, with every change before it downstream.
 */
@ExtendWith(ExpectedErrors.class)
class ShardDdlStopsITCase {
    @TempDir Path checkpoints;

    @Test
    void aLikeNewShardJoinsAndShardsThatRunDifferentAltersStopNamingBoth() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("shardddl");
                TestDatabase merged = TestDatabase.create("merged");
                RunningJobs jobs = new RunningJobs()) {
            String d = "`" + db.name() + "`.";
            JobClient capture = startMergingTwoShards(db, merged, jobs);
            String union =
                    "SELECT src, id, k FROM (SELECT 'orders_1' AS src, id, k FROM "
                            + d
                            + "orders_1"
                            + " UNION ALL SELECT 'orders_2', id, k FROM "
                            + d
                            + "orders_2"
                            + " UNION ALL SELECT 'orders_3', id, k FROM "
                            + d
                            + "orders_3) u"
                            + " ORDER BY src, id";
            String downstream =
                    "SELECT src, id, k FROM `" + merged.name() + "`.orders ORDER BY src, id";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + d + "orders_3 LIKE " + d + "orders_2");
            RowsDownstream.awaitEqual("the merged snapshot", union, downstream, jobs);
            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO " + d + "orders_1 VALUES (2, 1)",
                    "INSERT INTO " + d + "orders_3 VALUES (1, 3), (2, 3)",
                    "UPDATE " + d + "orders_2 SET k = 22 WHERE id = 1");
            RowsDownstream.awaitEqual("the new shard merged", union, downstream, jobs);

            Sql.execute(
                    Services.upstreamAdmin(),
                    "ALTER TABLE " + d + "orders_1 ADD COLUMN extra INT NOT NULL DEFAULT 7",
                    "INSERT INTO " + d + "orders_1 VALUES (8, 1, 8)",
                    "INSERT INTO " + d + "orders_2 VALUES (9, 9)");
            Await.until(
                    "the shard without the ALTER to flow",
                    Duration.ofMinutes(1),
                    () -> {
                        jobs.assertRunning();
                        return Sql.queryLong(
                                        Services.downstreamAdmin(),
                                        "SELECT COUNT(*) FROM `"
                                                + merged.name()
                                                + "`.orders WHERE src = 'orders_2' AND id = 9")
                                == 1;
                    });
            Sql.execute(
                    Services.upstreamAdmin(),
                    "ALTER TABLE " + d + "orders_2 ADD COLUMN extra BIGINT NOT NULL DEFAULT 7",
                    "INSERT INTO " + d + "orders_3 VALUES (9, 9)");
            Throwable failure = awaitStop(capture, jobs);

            assertThat(failure)
                    .hasStackTraceContaining(
                            "Shards of " + merged.name() + ".orders ran different DDL")
                    .hasStackTraceContaining(
                            db.name()
                                    + ".orders_1 ran 'ALTER TABLE ADD COLUMN extra INT NOT NULL"
                                    + " DEFAULT 7'")
                    .hasStackTraceContaining(
                            db.name()
                                    + ".orders_2 ran 'ALTER TABLE ADD COLUMN extra BIGINT NOT NULL"
                                    + " DEFAULT 7'")
                    .hasStackTraceContaining("nothing is lost");
            assertThat(Sql.queryRows(Services.downstreamAdmin(), downstream))
                    .as("the shard without the ALTER flowed; the one with it waits")
                    .containsExactly(
                            List.of("orders_1", "1", "1"),
                            List.of("orders_1", "2", "1"),
                            List.of("orders_2", "1", "22"),
                            List.of("orders_2", "9", "9"),
                            List.of("orders_3", "1", "3"),
                            List.of("orders_3", "2", "3"));
            assertThat(RowsDownstream.columns(merged.name(), "orders")).doesNotContain("extra");
        }
    }

    @Test
    void aTruncateOfOneShardStopsNamingIt() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("shardtrunc");
                TestDatabase merged = TestDatabase.create("merged");
                RunningJobs jobs = new RunningJobs()) {
            String d = "`" + db.name() + "`.";
            JobClient capture = startMergingTwoShards(db, merged, jobs);
            String downstream =
                    "SELECT src, id, k FROM `" + merged.name() + "`.orders ORDER BY src, id";
            Sql.execute(Services.upstreamAdmin(), "INSERT INTO " + d + "orders_2 VALUES (2, 2)");
            RowsDownstream.awaitEqual(
                    "the merged shards",
                    "SELECT 'orders_1' AS src, id, k FROM "
                            + d
                            + "orders_1 UNION ALL SELECT 'orders_2', id, k FROM "
                            + d
                            + "orders_2 ORDER BY src, id",
                    downstream,
                    jobs);

            Sql.execute(
                    Services.upstreamAdmin(),
                    "TRUNCATE TABLE " + d + "orders_1",
                    "INSERT INTO " + d + "orders_2 VALUES (3, 2)");
            Throwable failure = awaitStop(capture, jobs);

            assertThat(failure)
                    .hasStackTraceContaining(
                            "DDL on "
                                    + db.name()
                                    + ".orders_1, which route.tables merges into "
                                    + merged.name()
                                    + ".orders")
                    .hasStackTraceContaining("TRUNCATE TABLE")
                    .hasStackTraceContaining("nothing is lost");
            assertThat(Sql.queryRows(Services.downstreamAdmin(), downstream))
                    .as("every change before the TRUNCATE, none after it")
                    .containsExactly(
                            List.of("orders_1", "1", "1"),
                            List.of("orders_2", "1", "2"),
                            List.of("orders_2", "2", "2"));
        }
    }

    /**
     * Shards {@code orders_1} (row 1, 1) and {@code orders_2} (row 1, 2) of {@code db}, merged by
     * route.tables into {@code merged.orders} with a column {@code src} naming the shard; starts
     * both jobs.
     *
     * @return the capture job, which the tests expect to stop
     */
    private JobClient startMergingTwoShards(TestDatabase db, TestDatabase merged, RunningJobs jobs)
            throws Exception {
        String d = "`" + db.name() + "`.";
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE " + d + "orders_1 (id INT PRIMARY KEY, k INT NOT NULL)",
                "CREATE TABLE " + d + "orders_2 (id INT PRIMARY KEY, k INT NOT NULL)",
                "INSERT INTO " + d + "orders_1 VALUES (1, 1)",
                "INSERT INTO " + d + "orders_2 VALUES (1, 2)");
        String sources = db.name() + "[.]orders_[0-9]";
        Pipeline pipeline = new Pipeline(db, checkpoints);
        pipeline.captureOptions()
                .setString("route.tables", sources + ":" + merged.name() + ".orders");
        pipeline.captureOptions().setString("route.source-columns", sources + ":src=table");
        JobClient capture = jobs.add(pipeline.startCapture());
        jobs.add(pipeline.startApply());
        return capture;
    }

    /**
     * Waits up to 2 minutes for the capture to stop, and returns why it did (null if it did not).
     */
    private static Throwable awaitStop(JobClient capture, RunningJobs jobs) {
        jobs.forget(capture);
        return catchThrowable(() -> capture.getJobExecutionResult().get(2, TimeUnit.MINUTES));
    }
}
