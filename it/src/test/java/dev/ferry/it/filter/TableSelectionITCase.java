package dev.ferry.it.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.options.UpstreamOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * upstream.tables.include and .exclude choose the same tables in the snapshot, the binlog and among
 * tables created while the job runs: included ones arrive row by row, excluded ones never.
 */
class TableSelectionITCase {
    @TempDir Path checkpoints;

    @Test
    void includedTablesArriveAlsoWhenCreatedLaterAndExcludedOnesNever() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("select");
                RunningJobs jobs = new RunningJobs()) {
            String d = "`" + db.name() + "`.";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + d + "orders_1 (id INT PRIMARY KEY, v INT NOT NULL)",
                    "CREATE TABLE " + d + "orders_9 (id INT PRIMARY KEY, v INT NOT NULL)",
                    "CREATE TABLE " + d + "other (id INT PRIMARY KEY, v INT NOT NULL)",
                    "INSERT INTO " + d + "orders_1 VALUES (1, 10), (2, 20)",
                    "INSERT INTO " + d + "orders_9 VALUES (1, 10)",
                    "INSERT INTO " + d + "other VALUES (1, 10)");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().removeConfig(UpstreamOptions.TABLES);
            pipeline.captureOptions()
                    .setString("upstream.tables.include", db.name() + "\\.orders_\\d+");
            pipeline.captureOptions()
                    .setString("upstream.tables.exclude", db.name() + "\\.orders_9\\d*");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            RowsDownstream.awaitEqual(
                    "the snapshot of orders_1",
                    "SELECT id, v FROM " + d + "orders_1 ORDER BY id",
                    "SELECT id, v FROM " + d + "orders_1 ORDER BY id",
                    jobs);
            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO " + d + "orders_1 VALUES (3, 30)",
                    "UPDATE " + d + "orders_1 SET v = 21 WHERE id = 2",
                    "INSERT INTO " + d + "orders_9 VALUES (2, 20)",
                    "CREATE TABLE " + d + "orders_2 (id INT PRIMARY KEY, v INT NOT NULL)",
                    "CREATE TABLE " + d + "orders_90 (id INT PRIMARY KEY, v INT NOT NULL)",
                    "INSERT INTO " + d + "orders_2 VALUES (1, 100), (2, 200)",
                    "INSERT INTO " + d + "orders_90 VALUES (1, 100)",
                    "DELETE FROM " + d + "orders_2 WHERE id = 1",
                    "INSERT INTO " + d + "orders_1 VALUES (4, 40)");
            RowsDownstream.awaitEqual(
                    "orders_2, created later",
                    "SELECT id, v FROM " + d + "orders_2 ORDER BY id",
                    "SELECT id, v FROM " + d + "orders_2 ORDER BY id",
                    jobs);
            RowsDownstream.awaitEqual(
                    "orders_1's binlog rows",
                    "SELECT id, v FROM " + d + "orders_1 ORDER BY id",
                    "SELECT id, v FROM " + d + "orders_1 ORDER BY id",
                    jobs);
            // orders_1's last insert came after orders_90's: had it been captured, it is there
            assertThat(RowsDownstream.tables(db.name())).containsExactly("orders_1", "orders_2");
        }
    }
}
