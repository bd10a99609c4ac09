package dev.ferry.it.capture;

import static dev.ferry.it.capture.CapturedTransactions.assertAgree;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Upstream transactions of different sizes and shapes through the capture job: each one that
 * changed a captured row gets exactly one END on the transaction topic, in commit order, whose
 * counts match the changes in the change topics; the others get none.
 */
class TransactionBoundariesITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void oneEndPerTransactionWithItsCounts() throws Exception {
        try (TestDatabase db = TestDatabase.create("txends");
                RunningJobs jobs = new RunningJobs()) {
            CapturedTransactions.run(db, "tables.sql");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions()
                    .setString(
                            "upstream.tables",
                            db.table("accounts")
                                    + ","
                                    + db.table("transfers")
                                    + ","
                                    + db.table("audit"));
            String transactionTopic =
                    pipeline.captureOptions().getString("kafka.transaction-topic", null);
            jobs.add(pipeline.startCapture());
            int before =
                    CapturedTransactions.awaitBinlog(
                            jobs,
                            transactionTopic,
                            id ->
                                    "INSERT INTO `"
                                            + db.name()
                                            + "`.audit VALUES ("
                                            + id
                                            + ", 'start')");

            CapturedTransactions.run(db, "transactions.sql");

            Await.until(
                    "the ENDs of the captured transactions",
                    Duration.ofMinutes(8),
                    () -> {
                        jobs.assertRunning();
                        return CapturedTransactions.ends(transactionTopic).size() >= before + 4;
                    });
            Thread.sleep(4_000); // two more checkpoints: an END too many would show now
            List<TransactionEnd> all = CapturedTransactions.ends(transactionTopic);
            List<TransactionEnd> ends = all.subList(before, all.size());

            TableId accounts = TableId.of(db.name(), "accounts");
            TableId transfers = TableId.of(db.name(), "transfers");
            TableId audit = TableId.of(db.name(), "audit");
            assertThat(ends.stream().map(TransactionEnd::eventCountByTable))
                    .as("one END per transaction that changed a captured row, in commit order")
                    .containsExactly(
                            Map.of(accounts, 1L),
                            Map.of(transfers, 3000L),
                            Map.of(accounts, 3L, transfers, 2L, audit, 1L),
                            Map.of(audit, 1L));
            assertThat(all.stream().map(TransactionEnd::id).distinct()).hasSize(all.size());
            for (int i = 1; i < all.size(); i++) {
                TransactionEnd earlier = all.get(i - 1);
                TransactionEnd after = all.get(i);
                assertThat(
                                after.file().compareTo(earlier.file()) > 0
                                        || (after.file().equals(earlier.file())
                                                && after.position() > earlier.position()))
                        .as("%s comes after %s", after.id(), earlier.id())
                        .isTrue();
                assertThat(after.commitTimestampMs()).isGreaterThan(0);
            }

            Map<String, List<JsonNode>> changes =
                    CapturedTransactions.changesByTransaction(
                            Stream.of(
                                            pipeline.topicOf("accounts"),
                                            pipeline.topicOf("transfers"),
                                            pipeline.topicOf("audit"))
                                    .distinct() // one topic for all three by default
                                    .toList());
            assertThat(changes.keySet())
                    .as("every change belongs to a transaction with an END")
                    .containsExactlyInAnyOrderElementsOf(
                            all.stream().map(TransactionEnd::id).toList());
            for (TransactionEnd end : all) {
                assertAgree(end, changes.get(end.id()));
            }
        }
    }
}
