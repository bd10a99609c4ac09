package dev.ferry.it.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * route.tables and route.source-columns merge 2 databases x 4 sharded tables, whose keys collide,
 * into one downstream table while transactions write across the shards: the merged table equals,
 * row by row, the union of the shards with the source columns that tell them apart.
 */
class ShardMergeITCase {
    private static final int SHARDS = 4;

    @TempDir Path checkpoints;

    @Test
    void twoDatabasesOfFourShardsMergeIntoOneTableEqualToTheirUnion() throws Exception {
        Services.requireRunning();
        try (TestDatabase a = TestDatabase.create("shard");
                TestDatabase b = TestDatabase.create("shard");
                TestDatabase merged = TestDatabase.create("merged");
                RunningJobs jobs = new RunningJobs()) {
            MergedShards orders =
                    MergedShards.create(
                            List.of(a, b),
                            merged,
                            SHARDS,
                            "(id INT PRIMARY KEY, k INT NOT NULL, note VARCHAR(20), KEY by_k (k))",
                            "(1, %d, 'first'), (2, 2, 'second')");
            Pipeline pipeline = new Pipeline(a, checkpoints);
            orders.route(pipeline);
            pipeline.applyOptions().setString("apply.workers", "8");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());

            String expected = orders.union("id, k, note");
            String actual = orders.merged("id, k, note");
            RowsDownstream.awaitEqual("the merged snapshot", expected, actual, jobs);
            long transactions;
            try (ShardWrites writes = ShardWrites.start(orders.tables(), 4)) {
                Thread.sleep(20_000);
                transactions = writes.transactions();
            }
            RowsDownstream.awaitEqual(
                    "the merged table to equal the union of the shards", expected, actual, jobs);
            assertThat(transactions).as("transactions across shards").isGreaterThan(200);
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(DISTINCT src_db, src_table) FROM `"
                                            + merged.name()
                                            + "`.orders"))
                    .isEqualTo(2L * SHARDS);
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM information_schema.TABLES"
                                            + " WHERE TABLE_SCHEMA IN ('"
                                            + a.name()
                                            + "', '"
                                            + b.name()
                                            + "')"))
                    .as("no shard is created downstream under its own name")
                    .isZero();
        }
    }
}
