package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bank invariant when the account tables are themselves sharded over two databases and merged
 * downstream by route.tables (with a source column, as the shards' ids collide): transfers cross
 * shards, and a reader polling the merged tables must always find the bank's total, with
 * apply.consistency=transaction and 8 workers.
 */
class ShardedBankTransfersITCase {
    @TempDir Path checkpoints;

    @Test
    void theMergedTablesKeepTheTotalOnEveryPoll() throws Exception {
        Services.requireRunning();
        try (TestDatabase east = TestDatabase.create("bank_east");
                TestDatabase west = TestDatabase.create("bank_west");
                TestDatabase merged = TestDatabase.create("bank_merged");
                RunningJobs jobs = new RunningJobs()) {
            List<TestDatabase> shards = List.of(east, west);
            BankWorkload.open(shards);
            String sources = "(" + east.name() + "|" + west.name() + ")";
            Pipeline pipeline = new Pipeline(east, checkpoints);
            pipeline.captureOptions()
                    .setString("upstream.tables", east.name() + ".*," + west.name() + ".*");
            pipeline.captureOptions()
                    .setString(
                            "route.tables",
                            sources + "[.](checking|savings):" + merged.name() + ".$2");
            pipeline.captureOptions()
                    .setString("route.source-columns", sources + "[.].*:shard=database");
            pipeline.applyOptions().setString("apply.consistency", "transaction");
            pipeline.applyOptions().setString("apply.workers", "8");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            awaitTotal(merged, jobs);

            BalanceChecker checker = BalanceChecker.start(merged.name());
            long transfers;
            try (BankWorkload workload = BankWorkload.start(shards, 4)) {
                Thread.sleep(25_000);
                transfers = workload.transfers();
            }
            awaitEqualBalances(shards, merged, jobs);
            checker.close();
            System.out.printf(
                    "sharded bank, consistency=transaction: %d transfers, %d polls, %d violations%n",
                    transfers, checker.polls(), checker.violations());
            assertThat(transfers).as("transfers upstream").isGreaterThan(300);
            assertThat(checker.polls()).as("polls of the downstream").isGreaterThan(100);
            assertThat(checker.violations())
                    .as("polls that saw half a transfer (%s)", checker.firstViolation())
                    .isZero();
        }
    }

    private static void awaitTotal(TestDatabase merged, RunningJobs jobs) {
        String total =
                "SELECT (SELECT SUM(balance) FROM `"
                        + merged.name()
                        + "`.checking)"
                        + " + (SELECT SUM(balance) FROM `"
                        + merged.name()
                        + "`.savings)";
        Await.until(
                "the opening balances in the merged tables",
                Duration.ofMinutes(2),
                () -> {
                    jobs.assertRunning();
                    try {
                        return Sql.queryLong(Services.downstreamAdmin(), total)
                                == BankWorkload.TOTAL;
                    } catch (RuntimeException tablesNotThereYet) {
                        return false;
                    }
                });
    }

    /** Every account's balance downstream, by shard and id, equals the upstream's. */
    private static void awaitEqualBalances(
            List<TestDatabase> shards, TestDatabase merged, RunningJobs jobs) {
        for (String table : List.of("checking", "savings")) {
            StringBuilder union = new StringBuilder();
            for (TestDatabase shard : shards) {
                if (union.length() > 0) {
                    union.append(" UNION ALL ");
                }
                union.append("SELECT '")
                        .append(shard.name())
                        .append("' AS shard, id, balance FROM `")
                        .append(shard.name())
                        .append("`.")
                        .append(table);
            }
            RowsDownstream.awaitEqual(
                    "merged " + table + " equal to its shards",
                    union + " ORDER BY shard, id",
                    "SELECT shard, id, balance FROM `"
                            + merged.name()
                            + "`."
                            + table
                            + " ORDER BY shard, id",
                    jobs);
        }
    }
}
