package dev.ferry.it.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.it.support.ExpectedErrors;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record on a change topic that is not a ferry envelope first stops the apply job, naming its
 * topic, partition and offset; restarted with apply.poison-records=dead-letter, the job copies it
 * to the dead-letter topic with headers saying where it was, and applies everything else.
 */
@ExtendWith(ExpectedErrors.class)
class PoisonRecordDeadLetterITCase {
    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void stopsAtAPoisonRecordThenSkipsItToTheDeadLetterTopic() throws Exception {
        try (TestDatabase db = TestDatabase.create("poisondlq");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v INT)",
                    "INSERT INTO " + table + " VALUES (1, 1), (2, 2)");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            long offset = sendPoison(pipeline.topicOf("t"));
            Sql.execute(Services.upstreamAdmin(), "INSERT INTO " + table + " VALUES (3, 3)");
            String location = pipeline.topicOf("t") + "-0@" + offset;

            JobClient stopping = jobs.add(pipeline.startApply());
            assertThatThrownBy(() -> stopping.getJobExecutionResult().get(2, TimeUnit.MINUTES))
                    .hasStackTraceContaining(
                            "Kafka record " + location + " is not a ferry change envelope")
                    .hasStackTraceContaining("apply.poison-records=dead-letter");
            jobs.forget(stopping);

            String deadLetters = "ferry-dlq-" + db.name();
            pipeline.applyOptions().setString("apply.poison-records", "dead-letter");
            pipeline.applyOptions().setString("apply.dead-letter-topic", deadLetters);
            jobs.add(pipeline.startApply());
            Sql.execute(Services.upstreamAdmin(), "UPDATE " + table + " SET v = 30 WHERE id = 3");
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            List<ConsumerRecord<byte[], byte[]>> copied = TopicReader.readCommitted(deadLetters);
            assertThat(copied).hasSizeGreaterThanOrEqualTo(1);
            ConsumerRecord<byte[], byte[]> copy = copied.get(0);
            assertThat(new String(copy.value(), StandardCharsets.UTF_8)).isEqualTo("{oops");
            assertThat(header(copy, "ferry.topic")).isEqualTo(pipeline.topicOf("t"));
            assertThat(header(copy, "ferry.partition")).isEqualTo("0");
            assertThat(header(copy, "ferry.offset")).isEqualTo(String.valueOf(offset));
            assertThat(header(copy, "ferry.error")).contains("is not a ferry change envelope");
        }
    }

    private static long sendPoison(String topic) throws Exception {
        Properties properties = new Properties();
        properties.put("bootstrap.servers", Services.KAFKA);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(
                        properties, new ByteArraySerializer(), new ByteArraySerializer())) {
            return producer.send(
                            new ProducerRecord<>(
                                    topic,
                                    "{\"id\":1}".getBytes(StandardCharsets.UTF_8),
                                    "{oops".getBytes(StandardCharsets.UTF_8)))
                    .get()
                    .offset();
        }
    }

    private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
