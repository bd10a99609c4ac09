package dev.ferry.it.replication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import dev.ferry.it.support.Workload;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other topic layout: every table of a database in one topic of four partitions, spread by
 * primary key. Rows must still arrive in order per key, and the apply job must tell the tables
 * apart by the envelope.
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
}
