package dev.ferry.it.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads every committed record of a topic with a plain kafka-clients consumer. */
public final class TopicReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TopicReader() {}

    /**
     * The committed change records of one table in its topic, which it shares with the other tables
     * of its database by default: selected by the envelope's {@code source.table}, as consumers do.
     */
    public static List<ConsumerRecord<byte[], byte[]>> readCommitted(String topic, String table) {
        return readCommitted(topic).stream().filter(r -> table.equals(tableOf(r))).toList();
    }

    private static String tableOf(ConsumerRecord<byte[], byte[]> record) {
        if (record.value() == null) {
            return null;
        }
        try {
            JsonNode source = JSON.readTree(record.value()).path("source");
            return source.path("table").asText(null);
        } catch (IOException e) {
            throw new UncheckedIOException("not a change envelope: " + record, e);
        }
    }

    public static List<ConsumerRecord<byte[], byte[]>> readCommitted(String topic) {
        List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = readCommittedConsumer()) {
            List<TopicPartition> partitions = partitions(consumer, topic);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            // read_committed end offsets stop at the last stable offset
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("could not read " + topic + " to its end");
                }
                consumer.poll(Duration.ofMillis(500)).forEach(records::add);
            }
        }
        return records;
    }

    /** The sum of the topic's committed end offsets: grows with each committed transaction. */
    public static long committedEndOffset(String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer = readCommittedConsumer()) {
            return consumer.endOffsets(partitions(consumer, topic)).values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
        }
    }

    private static KafkaConsumer<byte[], byte[]> readCommittedConsumer() {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, Services.KAFKA);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return new KafkaConsumer<>(
                properties, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static List<TopicPartition> partitions(
            KafkaConsumer<byte[], byte[]> consumer, String topic) {
        return consumer.partitionsFor(topic, Duration.ofSeconds(20)).stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
    }
}
