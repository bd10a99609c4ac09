package dev.ferry.it.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.EnvelopePosition;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.it.support.Workload;
import dev.ferry.jobs.runtime.LatestCheckpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.apache.flink.core.execution.JobClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stops both jobs mid-stream after a checkpoint, changes rows while they are down, restarts them
 * from their checkpoints: downstream ends equal, the snapshot is not taken twice, and no binlog
 * change reaches Kafka twice (the capture side is exactly once).
 */
class RestartFromCheckpointITCase {
    private static final int ROWS = 5_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void resumesWithoutLossOrDuplicates() throws Exception {
        try (TestDatabase db = TestDatabase.create("restart");
                RunningJobs jobs = new RunningJobs();
                Workload workload = startLoaded(db)) {
            Pipeline pipeline = new Pipeline(db, checkpoints);
            JobClient capture = jobs.add(pipeline.startCapture());
            JobClient apply = jobs.add(pipeline.startApply());
            String sbtest = "`" + db.name() + "`.sbtest";
            Await.until(
                    "the snapshot to arrive downstream",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        return downstreamCount(sbtest) >= ROWS;
                    });
            // The apply job (consistency=transaction) keeps its progress in the downstream, not
            // in Flink checkpoints; the capture job resumes from its checkpoint.
            Path captureCheckpoints = checkpoints.resolve("capture-" + db.name());
            Await.until(
                    "a checkpoint of the capture job",
                    Duration.ofSeconds(30),
                    () -> LatestCheckpoint.in(captureCheckpoints).isPresent());
            Thread.sleep(3_000); // a checkpoint past the snapshot

            jobs.cancel(capture);
            jobs.cancel(apply);
            long beforeRestart = workload.transactions();
            Sql.execute(
                    Services.upstreamAdmin(),
                    "INSERT INTO "
                            + sbtest
                            + " (id, k, c, pad) VALUES (90000001, 1, 'while down', ''), (90000002, 2, 'while down', '')",
                    "UPDATE " + sbtest + " SET c = 'changed while down' WHERE id BETWEEN 1 AND 50",
                    "DELETE FROM " + sbtest + " WHERE id BETWEEN 51 AND 60");
            Thread.sleep(3_000); // the workload goes on while the jobs are down
            assertThat(workload.transactions()).isGreaterThan(beforeRestart);

            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Thread.sleep(5_000);
            workload.close();

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
            assertThat(downstreamCount(sbtest)).isEqualTo(upstreamCount(sbtest));
            assertSnapshotOnceAndNoBinlogEventTwice(pipeline.topicOf("sbtest"), "sbtest");
        }
    }

    private static Workload startLoaded(TestDatabase db) {
        SampleSchema.load(db, ROWS, 500);
        return Workload.start(db, 7);
    }

    private static void assertSnapshotOnceAndNoBinlogEventTwice(String topic, String table)
            throws IOException {
        int snapshotRows = 0;
        Set<String> snapshotKeys = new HashSet<>();
        Set<String> binlogEvents = new HashSet<>();
        for (ConsumerRecord<byte[], byte[]> record : TopicReader.readCommitted(topic, table)) {
            JsonNode envelope = JSON.readTree(record.value());
            if (envelope.get("op").asText().equals("r")) {
                snapshotRows++;
                snapshotKeys.add(new String(record.key()));
            } else {
                String position = EnvelopePosition.of(envelope);
                assertThat(binlogEvents.add(position))
                        .as("binlog event %s reached Kafka twice", position)
                        .isTrue();
            }
        }
        assertThat(snapshotRows)
                .as("snapshot rows in %s (%d distinct keys)", topic, snapshotKeys.size())
                .isEqualTo(snapshotKeys.size());
        assertThat(binlogEvents).isNotEmpty();
    }

    private static long downstreamCount(String table) {
        try {
            return Sql.queryLong(Services.downstreamAdmin(), "SELECT COUNT(*) FROM " + table);
        } catch (IllegalStateException e) {
            return -1;
        }
    }

    private static long upstreamCount(String table) {
        return Sql.queryLong(Services.upstreamAdmin(), "SELECT COUNT(*) FROM " + table);
    }
}
