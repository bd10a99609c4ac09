package dev.ferry.it.capture;

import static dev.ferry.it.capture.CapturedTransactions.assertAgree;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cancels the capture job while it is writing one large upstream transaction, after a checkpoint
 * inside it, and starts it again from that checkpoint: the transaction still gets exactly one END
 * whose count is the number of its distinct changes in Kafka, and its orders run 1..n once each
 * (without the tracker state in the checkpoint they would start again at 1; without the offset
 * rewrite the restore itself would fail).
 */
class TransactionBoundariesRestartITCase {
    private static final int ROWS = 100_000;

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void restartInsideATransactionKeepsItsOrderAndCount() throws Exception {
        try (TestDatabase db = TestDatabase.create("txrestart");
                RunningJobs jobs = new RunningJobs()) {
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE `"
                            + db.name()
                            + "`.big (id BIGINT PRIMARY KEY, pad VARCHAR(255))");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().setString("job.checkpoint-interval", "300 ms");
            String transactionTopic =
                    pipeline.captureOptions().getString("kafka.transaction-topic", null);
            String topic = pipeline.topicOf("big");
            JobClient capture = jobs.add(pipeline.startCapture());
            int before =
                    CapturedTransactions.awaitBinlog(
                            jobs,
                            transactionTopic,
                            id ->
                                    "INSERT INTO `"
                                            + db.name()
                                            + "`.big VALUES ("
                                            + id
                                            + ", 'start')");

            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO `"
                            + db.name()
                            + "`.big SELECT seq, REPEAT('x', 200) FROM `"
                            + db.name()
                            + "`.seq_1_to_"
                            + ROWS);
            Await.until(
                    "a checkpoint inside the large transaction",
                    Duration.ofMinutes(8),
                    () -> {
                        jobs.assertRunning();
                        return TopicReader.committedEndOffset(topic) > 1_000;
                    });
            jobs.cancel(capture);
            long beforeRestart =
                    changesOf(topic).values().stream().mapToLong(List::size).sum() - before;
            assertThat(beforeRestart)
                    .as("changes of the large transaction committed before the restart")
                    .isBetween(1_000L, ROWS - 1L);
            assertThat(CapturedTransactions.ends(transactionTopic)).hasSize(before);

            jobs.add(pipeline.startCapture());
            Await.until(
                    "the END of the large transaction",
                    Duration.ofMinutes(8),
                    () -> {
                        jobs.assertRunning();
                        return CapturedTransactions.ends(transactionTopic).size() > before;
                    });
            Thread.sleep(3_000); // more checkpoints: an END too many would show now

            List<TransactionEnd> ends = CapturedTransactions.ends(transactionTopic);
            assertThat(ends)
                    .as("one END per transaction, also across the restart")
                    .hasSize(before + 1);
            TransactionEnd large = ends.get(before);
            assertThat(large.eventCount()).isEqualTo(ROWS);
            List<JsonNode> changes = changesOf(topic).get(large.id());
            Set<Long> keys = new HashSet<>();
            changes.forEach(c -> keys.add(c.get("after").get("id").asLong()));
            assertThat(keys).as("distinct rows of the large transaction").hasSize(ROWS);
            assertAgree(large, changes);
        }
    }

    private static Map<String, List<JsonNode>> changesOf(String topic) throws Exception {
        return CapturedTransactions.changesByTransaction(List.of(topic));
    }
}
