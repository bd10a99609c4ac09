package dev.ferry.it.route;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.EnvelopePosition;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RowsDownstream;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.jobs.runtime.LatestCheckpoint;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport.JobReport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shard DDL coordination (docs/filters.md, Routing): 2 databases x 2 shards merged into one table
 * with source columns, under concurrent writes across shards; every shard runs the same ALTER TABLE
 * ADD COLUMN at its own time while the writes go on, also to the altered shards' new column, and
 * the capture restarts from its checkpoint while the DDL has reached half of the shards. The merged
 * table gets the column once and ends equal, row by row, to the union of the shards; no binlog
 * change reaches Kafka twice.
 */
class ShardDdlCoordinationITCase {
    private static final int SHARDS = 2;
    private static final String ADD_EXTRA = " ADD COLUMN extra INT NOT NULL DEFAULT 7";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path checkpoints;

    @Test
    void anAlterRunByEveryShardAtItsOwnTimeReachesTheMergedTableOnceAndLosesNothing()
            throws Exception {
        Services.requireRunning();
        try (TestDatabase a = TestDatabase.create("shardddl");
                TestDatabase b = TestDatabase.create("shardddl");
                TestDatabase merged = TestDatabase.create("merged");
                RunningJobs jobs = new RunningJobs()) {
            MergedShards orders =
                    MergedShards.create(
                            List.of(a, b),
                            merged,
                            SHARDS,
                            "(id INT PRIMARY KEY, k INT NOT NULL, note VARCHAR(20))",
                            "(1, %d, 'first')");
            List<String> shards = orders.tables();
            List<String> names = orders.names();
            Pipeline pipeline = new Pipeline(a, checkpoints);
            orders.route(pipeline);
            pipeline.captureOptions()
                    .setString("monitoring.rest-port", String.valueOf(FreePorts.one()));
            JobClient capture = jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            RowsDownstream.awaitEqual(
                    "the merged snapshot",
                    orders.union("id, k, note, 0"),
                    orders.merged("id, k, note, 0"),
                    jobs);

            Path captureCheckpoints = checkpoints.resolve("capture-" + a.name());
            // Paced: every change of a shard that ran the ALTER waits, and so do the transactions
            // beside them, up to route.ddl.max-held-changes (100,000); unpaced writers on a quick
            // upstream pass that while the capture restarts, and the capture stops as it must.
            try (ShardWrites writes = ShardWrites.start(shards, 3, Duration.ofMillis(20));
                    AlteredShardWrites altered = AlteredShardWrites.start()) {
                Thread.sleep(3_000);
                for (int i = 0; i < shards.size(); i++) {
                    Sql.execute(
                            Services.upstreamAdmin(), "ALTER TABLE " + shards.get(i) + ADD_EXTRA);
                    altered.add(shards.get(i));
                    Thread.sleep(4_000);
                    jobs.assertRunning();
                    if (i == 0) {
                        awaitPendingInStatus(
                                pipeline,
                                jobs,
                                "run by ["
                                        + names.get(0)
                                        + "], not yet by ["
                                        + String.join(", ", names.subList(1, names.size()))
                                        + "]");
                    }
                    if (i == shards.size() / 2 - 1) {
                        assertThat(RowsDownstream.columns(merged.name(), "orders"))
                                .as("not yet: half of the shards have run the ALTER")
                                .doesNotContain("extra");
                        restartFromACheckpointWithTheDdlPending(
                                pipeline, jobs, capture, captureCheckpoints);
                        awaitPendingInStatus(
                                pipeline,
                                jobs,
                                "run by ["
                                        + String.join(", ", names.subList(0, i + 1))
                                        + "], not yet by ["
                                        + String.join(", ", names.subList(i + 1, names.size()))
                                        + "]");
                    }
                }
                Thread.sleep(3_000);
                assertThat(writes.transactions())
                        .as("transactions across shards")
                        .isGreaterThan(50);
                assertThat(altered.writes()).as("writes to the new column").isGreaterThan(20);
            }

            RowsDownstream.awaitEqual(
                    "the merged table to equal the union of the shards",
                    orders.union("id, k, note, extra"),
                    orders.merged("id, k, note, extra"),
                    jobs);
            assertThat(RowsDownstream.columns(merged.name(), "orders")).containsOnlyOnce("extra");
            assertThat(schemaChangesOf(pipeline, merged.name() + ".orders"))
                    .as("the ALTER reaches the merged table once")
                    .hasSize(1);
            assertNoBinlogChangeTwice("ferry." + merged.name());
        }
    }

    /** Cancels the capture after a checkpoint taken with the DDL pending, and resumes it. */
    private static void restartFromACheckpointWithTheDdlPending(
            Pipeline pipeline, RunningJobs jobs, JobClient capture, Path captureCheckpoints)
            throws Exception {
        Optional<Path> before = LatestCheckpoint.in(captureCheckpoints);
        Await.until(
                "a checkpoint of the capture taken with the DDL pending",
                Duration.ofSeconds(30),
                () -> !LatestCheckpoint.in(captureCheckpoints).equals(before));
        jobs.cancel(capture);
        Thread.sleep(3_000); // the writes go on while the capture is down
        pipeline.captureOptions()
                .setString("monitoring.rest-port", String.valueOf(FreePorts.one()));
        jobs.add(pipeline.startCapture());
    }

    /** `ferry status` shows the pending shard DDL: which shards ran it, which not yet. */
    private static void awaitPendingInStatus(Pipeline pipeline, RunningJobs jobs, String shards)
            throws Exception {
        Configuration options = new Configuration(pipeline.captureOptions());
        options.setString(
                "monitoring.flink-rest-urls",
                "http://127.0.0.1:" + options.getString("monitoring.rest-port", null));
        StatusCollector status = StatusCommand.collector(options);
        AtomicReference<String> last = new AtomicReference<>();
        Await.until(
                "the status to show the pending shard DDL " + shards,
                Duration.ofMinutes(1),
                () -> {
                    jobs.assertRunning();
                    String pending =
                            status.collect().jobs().stream()
                                    .filter(job -> job.kind().equals("capture"))
                                    .map(JobReport::pendingShardDdl)
                                    .filter(p -> p != null)
                                    .findFirst()
                                    .orElse(null);
                    last.set(pending);
                    return pending != null
                            && pending.contains("'ALTER TABLE" + ADD_EXTRA + "' " + shards);
                },
                () -> "status shows: " + last.get());
    }

    /** The schema changes the transaction topic carries for one table. */
    private static List<JsonNode> schemaChangesOf(Pipeline pipeline, String table)
            throws Exception {
        String topic = pipeline.applyOptions().getString("kafka.transaction-topic", null);
        List<JsonNode> changes = new ArrayList<>();
        for (ConsumerRecord<byte[], byte[]> record : TopicReader.readCommitted(topic)) {
            JsonNode change = JSON.readTree(record.value()).path("schema_change");
            if (table.equals(change.path("table").asText(null))) {
                changes.add(change);
            }
        }
        return changes;
    }

    private static void assertNoBinlogChangeTwice(String topic) throws Exception {
        Set<String> seen = new HashSet<>();
        for (ConsumerRecord<byte[], byte[]> record : TopicReader.readCommitted(topic)) {
            JsonNode envelope = JSON.readTree(record.value());
            if (envelope.get("op").asText().equals("r")) {
                continue;
            }
            String position = EnvelopePosition.of(envelope);
            assertThat(seen.add(position))
                    .as("binlog change %s reached Kafka twice", position)
                    .isTrue();
        }
        assertThat(seen).isNotEmpty();
    }
}
