package dev.ferry.it.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * DDL on merged shards: a new shard created like the others joins the merged table without a DDL
 * reaching it; an ALTER of one shard stops the capture before the statement with an error naming
 * the shard, its target and the statement, and every change before it is downstream.
 */
@ExtendWith(ExpectedErrors.class)
class ShardDdlStopsITCase {
    @TempDir Path checkpoints;

    @Test
    void aLikeNewShardJoinsAndAnAlterOfOneShardStopsNamingIt() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("shardddl");
                TestDatabase merged = TestDatabase.create("merged");
                RunningJobs jobs = new RunningJobs()) {
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
                    "INSERT INTO " + d + "orders_2 VALUES (9, 9)");
            jobs.forget(capture);
            Throwable failure =
                    catchThrowable(() -> capture.getJobExecutionResult().get(2, TimeUnit.MINUTES));

            assertThat(failure)
                    .hasStackTraceContaining(
                            "DDL on "
                                    + db.name()
                                    + ".orders_1, which route.tables merges into "
                                    + merged.name()
                                    + ".orders")
                    .hasStackTraceContaining("ADD COLUMN extra")
                    .hasStackTraceContaining("nothing is lost");
            assertThat(Sql.queryRows(Services.downstreamAdmin(), downstream))
                    .as("every change before the ALTER, none after it")
                    .containsExactly(
                            java.util.List.of("orders_1", "1", "1"),
                            java.util.List.of("orders_1", "2", "1"),
                            java.util.List.of("orders_2", "1", "22"),
                            java.util.List.of("orders_3", "1", "3"),
                            java.util.List.of("orders_3", "2", "3"));
        }
    }
}
