package dev.ferry.it.filter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * filter.columns.exclude, filter.events.skip and filter.rows, applied by the capture: each table
 * downstream equals, row by row, what the filter leaves of the upstream, and Kafka never carries
 * the left-out column. Changes are mixed with filtered-out ones inside upstream transactions, whose
 * ENDs must count only what is carried for the transactions to be applied at all.
 */
class FilterITCase {
    @TempDir Path checkpoints;

    @Test
    void leftOutColumnsSkippedDeletesAndARowFilterReplicateExactlyWhatTheyKeep() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("filter");
                RunningJobs jobs = new RunningJobs()) {
            String d = "`" + db.name() + "`.";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE "
                            + d
                            + "users (id INT PRIMARY KEY, name VARCHAR(20) NOT NULL,"
                            + " email VARCHAR(40), KEY by_email (email))",
                    "CREATE TABLE " + d + "archive (id INT PRIMARY KEY, v INT NOT NULL)",
                    "CREATE TABLE "
                            + d
                            + "orders (id INT PRIMARY KEY,"
                            + " amount DECIMAL(10,2), status VARCHAR(10) NOT NULL)",
                    "INSERT INTO " + d + "users VALUES (1, 'ann', 'ann@x'), (2, 'bob', NULL)",
                    "INSERT INTO " + d + "archive VALUES (1, 1), (2, 2), (3, 3)",
                    "INSERT INTO "
                            + d
                            + "orders VALUES (1, 150.00, 'paid'), (2, 5.00, 'paid'),"
                            + " (3, 500.00, 'test'), (4, NULL, 'paid'), (5, 100.00, 'open')");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            String t = db.name() + "[.]";
            pipeline.captureOptions().setString("filter.columns.exclude", t + "users:email");
            pipeline.captureOptions().setString("filter.events.skip", t + "archive:delete");
            pipeline.captureOptions()
                    .setString("filter.rows", t + "orders:amount >= 100 && status != 'test'");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            String passing =
                    "SELECT id, amount, status FROM "
                            + d
                            + "orders"
                            + " WHERE amount >= 100 AND status <> 'test' ORDER BY id";
            String downstreamOrders = "SELECT id, amount, status FROM " + d + "orders ORDER BY id";
            RowsDownstream.awaitEqual("the filtered snapshot", passing, downstreamOrders, jobs);

            Sql.execute(
                    Services.upstreamAdmin(),
                    "START TRANSACTION",
                    // moves order 1 out, 2 in, 5 stays; 6 never passes; users and archive change
                    "UPDATE " + d + "orders SET amount = 50.00 WHERE id = 1",
                    "UPDATE " + d + "orders SET amount = 200.00 WHERE id = 2",
                    "UPDATE " + d + "orders SET status = 'shipped' WHERE id = 5",
                    "INSERT INTO " + d + "orders VALUES (6, 1.00, 'paid')",
                    "UPDATE " + d + "users SET email = 'new@x', name = 'anne' WHERE id = 1",
                    "INSERT INTO " + d + "users VALUES (3, 'cy', 'cy@x')",
                    "UPDATE " + d + "archive SET v = 20 WHERE id = 2",
                    "COMMIT",
                    "START TRANSACTION",
                    "INSERT INTO " + d + "orders VALUES (7, 700.00, 'paid')",
                    "UPDATE " + d + "orders SET status = 'test' WHERE id = 2",
                    "DELETE FROM " + d + "orders WHERE id = 6",
                    "DELETE FROM " + d + "orders WHERE id = 5",
                    "COMMIT");
            List<List<String>> archiveBeforeDeletes =
                    Sql.queryRows(
                            Services.upstreamAdmin(),
                            "SELECT id, v FROM " + d + "archive ORDER BY id");
            Sql.execute(
                    Services.upstreamAdmin(),
                    "START TRANSACTION",
                    "DELETE FROM " + d + "archive WHERE id IN (1, 3)",
                    "INSERT INTO " + d + "archive VALUES (4, 4)",
                    "DELETE FROM " + d + "users WHERE id = 2",
                    "COMMIT",
                    // the last change of all: once it is downstream, everything before it is
                    "INSERT INTO " + d + "orders VALUES (8, 800.00, 'paid')");

            RowsDownstream.awaitEqual(
                    "orders: the rows that pass", passing, downstreamOrders, jobs);
            RowsDownstream.awaitEqual(
                    "users without email",
                    "SELECT id, name FROM " + d + "users ORDER BY id",
                    "SELECT * FROM " + d + "users ORDER BY id",
                    jobs);
            List<List<String>> archive = new ArrayList<>(archiveBeforeDeletes);
            archive.add(List.of("4", "4"));
            RowsDownstream.awaitEqual(
                    "archive with the rows deleted upstream",
                    () -> archive,
                    "SELECT id, v FROM " + d + "archive ORDER BY id",
                    jobs);
            assertThat(
                            Sql.queryRows(
                                    Services.upstreamAdmin(),
                                    "SELECT id FROM " + d + "archive ORDER BY id"))
                    .containsExactly(List.of("2"), List.of("4"));
            assertThat(RowsDownstream.columns(db.name(), "users")).containsExactly("id", "name");
            List<ConsumerRecord<byte[], byte[]>> users =
                    TopicReader.readCommitted(pipeline.topicOf("users"));
            assertThat(users).hasSizeGreaterThanOrEqualTo(4);
            assertThat(users)
                    .filteredOn(r -> r.value() != null)
                    .allSatisfy(
                            r ->
                                    assertThat(new String(r.value(), StandardCharsets.UTF_8))
                                            .doesNotContain("email")
                                            .doesNotContain("@x"));
        }
    }
}
