package dev.ferry.apply.source;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.config.KafkaFailures;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies poison records to the dead-letter topic, each with headers naming its topic, partition,
 * offset and why it was refused, and waits until Kafka has it: only then does the apply go on past
 * it. Created on the first poison record.
 */
public final class DeadLetters implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(DeadLetters.class);

    private final KafkaClientConfig kafka;
    private final String topic;
    private KafkaProducer<byte[], byte[]> producer;

    public DeadLetters(KafkaClientConfig kafka, String topic) {
        this.kafka = kafka;
        this.topic = topic;
    }

    /** Copies {@code record} to the dead-letter topic; {@code reason} names no row values. */
    public synchronized void send(RawChange record, String reason) {
        try {
            if (producer == null) {
                createTopic();
                Properties properties = kafka.properties();
                properties.put(ProducerConfig.ACKS_CONFIG, "all");
                properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
                properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000);
                producer =
                        new KafkaProducer<>(
                                properties, new ByteArraySerializer(), new ByteArraySerializer());
            }
            ProducerRecord<byte[], byte[]> copy =
                    new ProducerRecord<>(topic, record.key, record.value);
            copy.headers()
                    .add("ferry.topic", bytes(record.topic))
                    .add("ferry.partition", bytes(String.valueOf(record.partition)))
                    .add("ferry.offset", bytes(String.valueOf(record.offset)))
                    .add("ferry.error", bytes(reason));
            producer.send(copy).get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new FerryConfigException(
                    "cannot copy poison record "
                            + record.location()
                            + " to dead-letter topic '"
                            + topic
                            + "' ("
                            + KafkaFailures.describe(e)
                            + "); the apply job stopped before it, nothing is lost. "
                            + KafkaFailures.advice(e),
                    e);
        }
        LOG.warn(
                "Skipped poison record {}: copied to dead-letter topic '{}' ({})",
                record.location(),
                topic,
                reason);
    }

    private void createTopic() throws InterruptedException, java.util.concurrent.TimeoutException {
        try (Admin admin = Admin.create(kafka.properties())) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty())))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                LOG.warn(
                        "Cannot create dead-letter topic '{}' ({}); relying on the broker to",
                        topic,
                        KafkaFailures.describe(e.getCause()));
            }
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void close() {
        if (producer != null) {
            producer.close();
        }
    }
}
