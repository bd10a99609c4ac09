package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Downstream;
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
    private static final int ROWS = 6_000; // about 6 MB of change records

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
            String d = "`" + db.name() + "`";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + d + ".big (id INT PRIMARY KEY, pad VARCHAR(1000) NOT NULL)",
                    "INSERT INTO " + d + ".big VALUES (0, 'before')");
            Pipeline pipeline = new Pipeline(db, work);
            pipeline.applyOptions().setString("apply.memory-limit", "1 mb");
            pipeline.applyOptions().setString("apply.spill-dir", work.resolve("spill").toString());
            jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            Await.until(
                    "the first row in TiDB",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        return count(d) == 1;
                    });

            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO "
                            + d
                            + ".big SELECT seq, REPEAT('x', 1000) FROM mysql.seq_1_to_"
                            + ROWS);

            jobs.forget(apply);
            Throwable failure = null;
            try {
                apply.getJobExecutionResult().get(3, TimeUnit.MINUTES);
            } catch (Exception e) {
                failure = e;
            }
            assertThat(failure).as("the apply job must stop").isNotNull();
            assertThat(stackText(failure))
                    .contains("refused to commit upstream transaction ")
                    .contains("Transaction is too large")
                    .contains("apply.max-transaction-size (now 100 MB)")
                    .contains("txn-total-size-limit")
                    .contains("apply.oversized-transaction=split")
                    .contains("nothing is lost");
            assertThat(count(d)).as("none of the refused transaction was written").isEqualTo(1);

            pipeline.applyOptions().setString("apply.max-transaction-size", "1 mb");
            pipeline.applyOptions().setString("apply.oversized-transaction", "split");
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            assertThat(count(d)).isEqualTo(ROWS + 1);
        }
    }

    private static long count(String d) {
        try {
            return Sql.queryLong(Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + d + ".big");
        } catch (RuntimeException notYet) {
            return -1;
        }
    }

    private static String stackText(Throwable t) {
        StringBuilder text = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            text.append(c.getMessage()).append('\n');
        }
        return text.toString();
    }
}
