package dev.ferry.saga.kafka;

import dev.ferry.config.KafkaClientConfig;
import dev.ferry.saga.model.SagaOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Answers "how did saga X end?" from the results topic: reads its committed records to the end (the
 * topic is compacted by global id, so this stays proportional to the number of sagas).
 */
public final class OutcomeLookup {
    private OutcomeLookup() {}

    public static Optional<SagaOutcome> find(KafkaClientConfig kafka, String topic, String gid) {
        return Optional.ofNullable(readAll(kafka, topic).get(gid));
    }

    /** The latest outcome of every saga on the topic, by global id. */
    public static Map<String, SagaOutcome> readAll(String bootstrapServers, String topic) {
        return readAll(KafkaClientConfig.plain(bootstrapServers), topic);
    }

    /** As {@link #readAll(String, String)}, with the job's Kafka client properties. */
    public static Map<String, SagaOutcome> readAll(KafkaClientConfig kafka, String topic) {
        Properties properties = kafka.properties();
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        Map<String, SagaOutcome> outcomes = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        properties, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions =
                    consumer.partitionsFor(topic, Duration.ofSeconds(20)).stream()
                            .map(p -> new TopicPartition(topic, p.partition()))
                            .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(200))) {
                    if (record.value() != null) {
                        SagaOutcome outcome =
                                OutcomeJson.read(
                                        new String(record.value(), StandardCharsets.UTF_8));
                        outcomes.put(outcome.gid(), outcome);
                    }
                }
            }
        }
        return outcomes;
    }
}
