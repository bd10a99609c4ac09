package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Downstream;
import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * TiDB itself refusing a commit as too large ({@code [kv:8004] Transaction is too large}, here with
 * {@code txn-total-size-limit} at 2 MB while apply.max-transaction-size is left at 100 MB): the
 * apply job stops with an error naming the transaction and the options that fix it, having written
 * none of it; with the options set as the error says, the transaction arrives in parts.
 */
@ExtendWith(ExpectedErrors.class)
@Tag("tidb")
class TidbRefusesLargeTransactionITCase {
    private static final long TIDB_LIMIT = 2L << 20;

    @TempDir Path work;

    @BeforeAll
    static void smallTidb() {
        Downstream tidb = Services.tidbWithTxnTotalSizeLimit(TIDB_LIMIT);
        Services.useDownstream(tidb);
        Services.requireRunning();
    }

    @AfterAll
    static void back() {
        Services.useDownstream(Services.mariadb());
    }

    @Test
    void stopsNamingTheTransactionAndTheOptionsThenSplitsWhenTold() throws Exception {
        try (TestDatabase db = TestDatabase.create("tidbrefuses");
                RunningJobs jobs = new RunningJobs()) {
            LargeTransaction large = new LargeTransaction(db);
            Pipeline pipeline = new Pipeline(db, work);
            pipeline.applyOptions().setString("apply.memory-limit", "1 mb");
            pipeline.applyOptions().setString("apply.spill-dir", work.resolve("spill").toString());
            jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            large.awaitFirstRow(jobs);

            assertThat(large.commitAndAwaitTheApplyStopping(jobs, apply))
                    .contains("refused to commit upstream transaction ")
                    .contains("Transaction is too large")
                    .contains("apply.max-transaction-size (now 100 MB)")
                    .contains("txn-total-size-limit")
                    .contains("apply.oversized-transaction=split")
                    .contains("nothing is lost");

            pipeline.applyOptions().setString("apply.max-transaction-size", "1 mb");
            pipeline.applyOptions().setString("apply.oversized-transaction", "split");
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            assertThat(large.downstreamRows()).isEqualTo(LargeTransaction.ROWS + 1);
        }
    }
}
