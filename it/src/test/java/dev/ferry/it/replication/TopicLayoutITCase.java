package dev.ferry.it.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.it.support.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.core.execution.JobClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Topic layouts other than the default: every table of a database in one topic of four partitions,
 * spread by primary key (rows must still arrive in order per key, and the apply job must tell the
 * tables apart by the envelope); and a pipeline on a topic per table, the earlier default, which
 * the new default must not move to other topics.
 */
class TopicLayoutITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void oneTopicPerDatabaseSpreadByKey() throws Exception {
        try (TestDatabase db = TestDatabase.create("layout");
                RunningJobs jobs = new RunningJobs()) {
            SampleSchema.load(db, 5_000, 500);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            String topic = "ferry-layout." + db.name();
            pipeline.captureOptions().setString("kafka.topic-pattern", "ferry-layout.{database}");
            pipeline.captureOptions().setString("kafka.partition-by", "key");
            pipeline.captureOptions().setString("kafka.topic-partitions", "4");
            try (Workload workload = Workload.start(db, 11)) {
                jobs.add(pipeline.startCapture());
                jobs.add(pipeline.startApply());
                Thread.sleep(8_000);
            }

            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));

            Set<Integer> partitions =
                    TopicReader.readCommitted(topic).stream()
                            .map(r -> r.partition())
                            .collect(Collectors.toSet());
            assertThat(partitions)
                    .as("changes spread over the topic's partitions")
                    .hasSizeGreaterThan(1);
        }
    }

    /**
     * A pipeline started on a topic per table (the default before one topic per database), then
     * started again without {@code kafka.topic-pattern}: both jobs refuse, naming the setting, and
     * with it set on both the pipeline goes on in its topics.
     */
    @Test
    void theEarlierTopicPerTableLayoutIsKeptOnlyWhenSetAndOtherwiseRefused() throws Exception {
        try (TestDatabase db = TestDatabase.create("oldlayout");
                RunningJobs jobs = new RunningJobs()) {
            SampleSchema.load(db, 500, 50);
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions().setString("kafka.topic-pattern", "ferry.{database}.{table}");
            pipeline.applyOptions().setString("kafka.topic-pattern", "ferry.{database}.{table}");
            String sbtestTopic = "ferry." + db.name() + ".sbtest";
            JobClient capture = jobs.add(pipeline.startCapture());
            Await.until(
                    "the snapshot in " + sbtestTopic,
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        return TopicReader.committedEndOffset(sbtestTopic) >= 500;
                    });
            jobs.cancel(capture);

            pipeline.captureOptions().removeKey("kafka.topic-pattern");
            pipeline.applyOptions().removeKey("kafka.topic-pattern");
            assertThatThrownBy(pipeline::startCapture)
                    .isInstanceOf(FerryConfigException.class)
                    .hasMessageContaining("ferry." + db.name() + ".")
                    .hasMessageContaining("on Kafka at")
                    .hasMessageContaining(
                            "Set kafka.topic-pattern=ferry.{database}.{table} on both the capture"
                                    + " and the apply job");
            assertThatThrownBy(pipeline::startApply)
                    .isInstanceOf(FerryConfigException.class)
                    .hasMessageContaining("on schema topic")
                    .hasMessageContaining("Set kafka.topic-pattern=ferry.{database}.{table}");

            pipeline.captureOptions().setString("kafka.topic-pattern", "ferry.{database}.{table}");
            pipeline.applyOptions().setString("kafka.topic-pattern", "ferry.{database}.{table}");
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE " + db.table("sbtest") + " SET k = k + 1 WHERE id <= 100");
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(3));
        }
    }
}
