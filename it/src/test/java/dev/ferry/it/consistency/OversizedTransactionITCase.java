package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An upstream transaction larger than the downstream accepts in one transaction
 * (apply.max-transaction-size stands in for TiDB's txn-total-size-limit): by default the apply job
 * stops with an error naming the transaction and the options, having written none of it; with
 * apply.oversized-transaction=split it arrives in several commits.
 */
@ExtendWith(ExpectedErrors.class)
class OversizedTransactionITCase {
    @TempDir Path work;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void stopsByDefaultAndSplitsWhenAllowed() throws Exception {
        try (TestDatabase db = TestDatabase.create("oversize");
                RunningJobs jobs = new RunningJobs()) {
            LargeTransaction large = new LargeTransaction(db);
            Pipeline pipeline = new Pipeline(db, work);
            pipeline.applyOptions().setString("apply.memory-limit", "1 mb");
            pipeline.applyOptions().setString("apply.max-transaction-size", "2 mb");
            pipeline.applyOptions().setString("apply.spill-dir", work.resolve("spill").toString());
            jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            large.awaitFirstRow(jobs);

            assertThat(large.commitAndAwaitTheApplyStopping(jobs, apply))
                    .contains("apply.max-transaction-size")
                    .contains("apply.oversized-transaction=split")
                    .contains("nothing is lost");

            pipeline.applyOptions().setString("apply.oversized-transaction", "split");
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            assertThat(large.downstreamRows()).isEqualTo(LargeTransaction.ROWS + 1);
        }
    }
}
