package dev.ferry.it.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactions that swap unique-key values between rows (through a temporary value, as an
 * application must) apply downstream instead of stopping the apply job with a duplicate key: the
 * rows whose unique values moved are deleted before the batch's rows are written.
 */
class UniqueKeySwapITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void swapsOfUniqueValuesApplyAndTheReplicasConverge() throws Exception {
        try (TestDatabase db = TestDatabase.create("uswap");
                RunningJobs jobs = new RunningJobs()) {
            String table = db.table("seats");
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE "
                            + table
                            + " (id INT PRIMARY KEY, seat VARCHAR(10) NOT NULL, holder"
                            + " VARCHAR(20), UNIQUE KEY seat (seat))");
            List<String> rows = new ArrayList<>();
            for (int i = 1; i <= 20; i++) {
                rows.add("(" + i + ", 's" + i + "', 'h" + i + "')");
            }
            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO " + table + " VALUES " + String.join(",", rows));
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.applyOptions().setString("apply.workers", "8");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            // Swaps of two rows, and a rotation of three, each one upstream transaction; the
            // apply merges some of them into one downstream commit.
            List<String> statements = new ArrayList<>();
            for (int round = 0; round < 30; round++) {
                int a = 1 + round % 20;
                int b = 1 + (round * 7 + 3) % 20;
                if (a != b) {
                    statements.add("START TRANSACTION");
                    statements.addAll(rotate(table, a, b));
                    statements.add("COMMIT");
                }
            }
            statements.add("START TRANSACTION");
            statements.addAll(rotate(table, 1, 2, 3));
            statements.add("UPDATE " + table + " SET holder = 'moved' WHERE id = 2");
            statements.add("COMMIT");
            // A row deleted and its unique value taken by a new row, in one transaction.
            statements.add("START TRANSACTION");
            statements.add("SELECT seat INTO @freed FROM " + table + " WHERE id = 20");
            statements.add("DELETE FROM " + table + " WHERE id = 20");
            statements.add("INSERT INTO " + table + " VALUES (21, @freed, 'new')");
            statements.add("COMMIT");
            Sql.execute(Services.upstreamAdmin(), statements.toArray(String[]::new));

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));
            jobs.assertRunning();
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM " + table + " WHERE id = 20"))
                    .isZero();
        }
    }

    /**
     * Moves each row's seat to the row before it (the first row's to the last), through values no
     * row holds: {@code rotate(t, a, b)} swaps two rows.
     */
    private static List<String> rotate(String table, int... ids) {
        List<String> statements = new ArrayList<>();
        for (int id : ids) {
            statements.add("SELECT seat INTO @s" + id + " FROM " + table + " WHERE id = " + id);
            statements.add("UPDATE " + table + " SET seat = 'tmp-" + id + "' WHERE id = " + id);
        }
        for (int i = 0; i < ids.length; i++) {
            int next = ids[(i + 1) % ids.length];
            statements.add("UPDATE " + table + " SET seat = @s" + next + " WHERE id = " + ids[i]);
        }
        return statements;
    }
}
