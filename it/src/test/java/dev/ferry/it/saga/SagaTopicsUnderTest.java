package dev.ferry.it.saga;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Services;
import dev.ferry.saga.kafka.OutcomeLookup;
import dev.ferry.saga.model.SagaOutcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.configuration.Configuration;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A saga job's own topics and settings for one test (names carry the test database's, so tests
 * never see each other's commands or outcomes), with ways to send commands and await outcomes.
 */
final class SagaTopicsUnderTest {
    final String commands;
    final String results;
    final String feedback;
    private final String name;

    SagaTopicsUnderTest(String name) {
        this.name = name;
        this.commands = "saga-it-" + name + "-commands";
        this.results = "saga-it-" + name + "-results";
        this.feedback = "saga-it-" + name + "-feedback";
    }

    /** The job's settings: these topics, both banks, a barrier in the test database. */
    List<String> settings(Bank bank, Path checkpoints) {
        List<String> settings = new ArrayList<>();
        settings.add("kafka.bootstrap-servers=" + Services.KAFKA);
        settings.add("saga.command-topic=" + commands);
        settings.add("saga.results-topic=" + results);
        settings.add("saga.feedback-topic=" + feedback);
        settings.add("saga.consumer-group=saga-it-" + name);
        settings.add("saga.transactional-id-prefix=saga-it-" + name);
        settings.add("saga.participants=" + Bank.participants());
        settings.add("saga.participant-username=ferry_admin");
        settings.add("saga.participant-password=ferry_admin");
        settings.add("saga.barrier-table=" + bank.name() + ".saga_barrier");
        settings.add("saga.retry-backoff=50 ms");
        settings.add("job.name=saga-" + name);
        settings.add("job.checkpoint-dir=" + checkpoints);
        settings.add("job.checkpoint-interval=500 ms");
        return settings;
    }

    Configuration configuration(Bank bank, Path checkpoints) {
        Configuration options = new Configuration();
        for (String setting : settings(bank, checkpoints)) {
            String[] keyValue = setting.split("=", 2);
            options.setString(keyValue[0], keyValue[1]);
        }
        return options;
    }

    void send(String... commands) {
        Properties properties = new Properties();
        properties.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, Services.KAFKA);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(
                        properties, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (String command : commands) {
                producer.send(
                        new ProducerRecord<>(
                                this.commands, command.getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    Map<String, SagaOutcome> outcomes() {
        return OutcomeLookup.readAll(Services.KAFKA, results);
    }

    SagaOutcome awaitOutcome(String gid, Duration timeout) {
        Await.until(
                "the outcome of saga " + gid,
                timeout,
                () -> outcomes().containsKey(gid),
                () -> "outcomes so far: " + outcomes().keySet());
        return outcomes().get(gid);
    }
}
