package dev.ferry.benchmarks.probe;

import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Plain kafka-clients consumers as the probes use them: no group, read_committed, raw bytes. */
public final class KafkaConsumers {
    private KafkaConsumers() {}

    /** A consumer with Kafka's defaults except read_committed, no group and byte[] records. */
    public static KafkaConsumer<byte[], byte[]> readCommitted(String bootstrap) {
        Properties properties = new Properties();
        properties.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        properties.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        properties.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        return new KafkaConsumer<>(properties);
    }

    /** Every partition of the topics whose whole name matches {@code topics}. */
    public static List<TopicPartition> partitions(
            KafkaConsumer<byte[], byte[]> consumer, Pattern topics) {
        List<TopicPartition> partitions =
                consumer.listTopics().values().stream()
                        .flatMap(List::stream)
                        .filter(p -> topics.matcher(p.topic()).matches())
                        .map(p -> new TopicPartition(p.topic(), p.partition()))
                        .sorted(
                                (a, b) ->
                                        a.topic().equals(b.topic())
                                                ? Integer.compare(a.partition(), b.partition())
                                                : a.topic().compareTo(b.topic()))
                        .toList();
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("no Kafka topic matches " + topics.pattern());
        }
        return partitions;
    }
}
