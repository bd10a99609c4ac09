package dev.ferry.apply.catalog;

import dev.ferry.apply.source.TopicReadErrors;
import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.envelope.schema.TableSchemaJson;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads the table definitions that the capture job published on the schema topic. */
public final class SchemaTopicReader {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final KafkaClientConfig kafka;
    private final String schemaTopic;

    public SchemaTopicReader(KafkaClientConfig kafka, String schemaTopic) {
        this.kafka = kafka;
        this.schemaTopic = schemaTopic;
    }

    /** The latest definition of every table on the topic; empty if the topic does not exist. */
    public Map<TableId, TableSchema> readAll() {
        Properties properties = kafka.properties();
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        Map<TableId, TableSchema> schemas = new HashMap<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        properties, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<PartitionInfo> partitions = consumer.partitionsFor(schemaTopic, TIMEOUT);
            if (partitions == null || partitions.isEmpty()) {
                return schemas;
            }
            List<TopicPartition> assigned =
                    partitions.stream()
                            .map(p -> new TopicPartition(p.topic(), p.partition()))
                            .collect(Collectors.toList());
            consumer.assign(assigned);
            consumer.seekToBeginning(assigned);
            Map<TopicPartition, Long> end = consumer.endOffsets(assigned, TIMEOUT);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reachedEnd(consumer, end)) {
                if (System.nanoTime() > deadline) {
                    throw new FerryConfigException(
                            "kafka: reading schema topic '"
                                    + schemaTopic
                                    + "' timed out at "
                                    + kafka.bootstrapServers()
                                    + ".");
                }
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(500))) {
                    if (record.value() != null) {
                        TableSchema schema = TableSchemaJson.fromJson(record.value());
                        schemas.put(schema.tableId(), schema);
                    } else if (record.key() != null) {
                        // a dropped table's tombstone
                        schemas.remove(
                                TableId.parse(
                                        new String(
                                                record.key(),
                                                java.nio.charset.StandardCharsets.UTF_8)));
                    }
                }
            }
        } catch (KafkaException e) {
            throw TopicReadErrors.cannotRead(
                    "schema topic", schemaTopic, kafka.bootstrapServers(), e);
        }
        return schemas;
    }

    private static boolean reachedEnd(
            KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> partition : end.entrySet()) {
            if (consumer.position(partition.getKey()) < partition.getValue()) {
                return false;
            }
        }
        return true;
    }
}
