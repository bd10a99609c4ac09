package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;

/**
 * One upstream transaction too large for the downstream's single commit, as the tests of an
 * oversized transaction share it: a table {@code big} holding one row, then one INSERT of {@link
 * #ROWS} rows of 1 KB (about 6 MB of change records) that the apply must refuse whole.
 */
final class LargeTransaction {
    static final int ROWS = 6_000;

    private final String table;

    /** Creates {@code big} upstream with its first row. */
    LargeTransaction(TestDatabase db) {
        this.table = db.table("big");
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE TABLE " + table + " (id INT PRIMARY KEY, pad VARCHAR(1000) NOT NULL)",
                "INSERT INTO " + table + " VALUES (0, 'before')");
    }

    /** Waits until the first row is downstream: both jobs run and the table exists there. */
    void awaitFirstRow(RunningJobs jobs) {
        Await.until(
                "the first row downstream",
                Duration.ofMinutes(2),
                () -> {
                    jobs.assertRunning();
                    return downstreamRows() == 1;
                });
    }

    /**
     * Commits the large transaction upstream and waits for the apply job to stop on it.
     *
     * @return the failure's messages, cause by cause, one per line
     */
    String commitAndAwaitTheApplyStopping(RunningJobs jobs, JobClient apply) {
        Sql.execute(
                Services.upstreamAdmin(),
                "INSERT INTO "
                        + table
                        + " SELECT seq, REPEAT('x', 1000) FROM mysql.seq_1_to_"
                        + ROWS);
        jobs.forget(apply);
        Throwable failure = null;
        try {
            apply.getJobExecutionResult().get(3, TimeUnit.MINUTES);
        } catch (Exception e) {
            failure = e;
        }
        assertThat(failure).as("the apply job must stop").isNotNull();
        assertThat(downstreamRows()).as("none of the refused transaction was written").isEqualTo(1);
        StringBuilder messages = new StringBuilder();
        for (Throwable c = failure; c != null; c = c.getCause()) {
            messages.append(c.getMessage()).append('\n');
        }
        return messages.toString();
    }

    /** The rows of {@code big} downstream, or -1 before the table is there. */
    long downstreamRows() {
        try {
            return Sql.queryLong(Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + table);
        } catch (RuntimeException notYet) {
            return -1;
        }
    }
}
