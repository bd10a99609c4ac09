package dev.ferry.it.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A downstream that refuses a statement stops the apply job with the upstream transaction and the
 * statement's shape (table, columns, rows), never the values of the other rows merged with it; once
 * the downstream is fixed, a restart applies everything.
 */
@ExtendWith(ExpectedErrors.class)
class RefusedStatementITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void aRefusedStatementNamesTheTransactionAndTheStatementOnly() throws Exception {
        try (TestDatabase db = TestDatabase.create("refused");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(20))");
            // The downstream table is narrower than the upstream's: it refuses long values.
            Sql.execute(
                    Services.downstreamAdmin(),
                    "CREATE DATABASE `" + db.name() + "`",
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(5))");
            Sql.execute(Services.upstreamAdmin(), "INSERT INTO " + table + " VALUES (0, 'ok')");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            // Binlog transactions, merged into downstream commits.
            List<String> statements = new ArrayList<>();
            for (int id = 1; id <= 20; id++) {
                String value = id == 13 ? "far-too-long" : "nb" + id;
                statements.add("INSERT INTO " + table + " VALUES (" + id + ", '" + value + "')");
            }
            Sql.execute(Services.upstreamAdmin(), statements.toArray(String[]::new));

            Throwable failure =
                    catchThrowable(() -> apply.getJobExecutionResult().get(2, TimeUnit.MINUTES));
            jobs.forget(apply);
            String trace = stackTrace(failure);
            assertThat(trace)
                    .containsPattern("applying transaction file=mysql-bin\\.\\d+,pos=\\d+ to")
                    .contains("the downstream refused INSERT INTO `" + db.name() + "`.`t` (id, v)")
                    .contains("Data too long for column 'v'")
                    .contains("nothing is lost")
                    .doesNotContain("'nb");

            Sql.execute(
                    Services.downstreamAdmin(), "ALTER TABLE " + table + " MODIFY v VARCHAR(20)");
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
        }
    }

    /**
     * The apply sends a commit's short statements in one multi-statement round trip: the one the
     * downstream refuses is still named, not the first or last of the round trip.
     */
    @Test
    void aRefusedStatementAmongATransactionsTablesIsTheOneNamed() throws Exception {
        try (TestDatabase db = TestDatabase.create("refused_many");
                RunningJobs jobs = new RunningJobs()) {
            List<String> upstream = new ArrayList<>();
            List<String> downstream = new ArrayList<>();
            downstream.add("CREATE DATABASE `" + db.name() + "`");
            for (String t : List.of("a", "b", "c", "d")) {
                String table = "`" + db.name() + "`." + t;
                upstream.add("CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(20))");
                // Only c is narrower downstream than upstream.
                downstream.add(
                        "CREATE TABLE "
                                + table
                                + " (id INT PRIMARY KEY, v VARCHAR("
                                + (t.equals("c") ? 5 : 20)
                                + "))");
                upstream.add("INSERT INTO " + table + " VALUES (0, 'ok')");
            }
            Sql.execute(Services.upstreamAdmin(), upstream.toArray(String[]::new));
            Sql.execute(Services.downstreamAdmin(), downstream.toArray(String[]::new));
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            // One upstream transaction over the four tables: a statement per table, sent together.
            List<String> transaction = new ArrayList<>();
            transaction.add("START TRANSACTION");
            for (String t : List.of("a", "b", "c", "d")) {
                String value = t.equals("c") ? "far-too-long" : "nb-" + t;
                transaction.add(
                        "INSERT INTO `" + db.name() + "`." + t + " VALUES (1, '" + value + "')");
            }
            transaction.add("COMMIT");
            Sql.execute(Services.upstreamAdmin(), transaction.toArray(String[]::new));

            Throwable failure =
                    catchThrowable(() -> apply.getJobExecutionResult().get(2, TimeUnit.MINUTES));
            jobs.forget(apply);
            assertThat(stackTrace(failure))
                    .contains("the downstream refused INSERT INTO `" + db.name() + "`.`c` (id, v)")
                    .contains("Data too long for column 'v'")
                    .doesNotContain("`" + db.name() + "`.`a` (id, v)")
                    .doesNotContain("`" + db.name() + "`.`d` (id, v)")
                    .doesNotContain("'nb");

            Sql.execute(
                    Services.downstreamAdmin(),
                    "ALTER TABLE `" + db.name() + "`.c MODIFY v VARCHAR(20)");
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
        }
    }

    private static String stackTrace(Throwable failure) {
        StringWriter text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
