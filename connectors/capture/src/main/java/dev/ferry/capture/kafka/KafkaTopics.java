package dev.ferry.capture.kafka;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.config.KafkaFailures;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.envelope.schema.TableSchemaJson;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Prepares Kafka before the capture job starts: creates the change topics, the compacted schema
 * topic and the one-partition transaction topic if they are missing, and publishes each captured
 * table's definition.
 */
public final class KafkaTopics implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private static final long TIMEOUT_SECONDS = 30;

    private final KafkaClientConfig kafka;
    private final String bootstrapServers;

    public KafkaTopics(KafkaClientConfig kafka) {
        this.kafka = kafka;
        this.bootstrapServers = kafka.bootstrapServers();
    }

    /** Creates missing topics; existing ones are left as they are. */
    public void ensureTopics(
            Collection<String> changeTopics,
            String schemaTopic,
            String transactionTopic,
            int partitions,
            short replication) {
        Properties properties = kafka.properties();
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        try (Admin admin = Admin.create(properties)) {
            Set<String> existing =
                    admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            List<NewTopic> missing = new ArrayList<>();
            for (String topic : Set.copyOf(changeTopics)) {
                if (!existing.contains(topic)) {
                    missing.add(new NewTopic(topic, partitions, replication));
                }
            }
            if (!existing.contains(schemaTopic)) {
                missing.add(
                        new NewTopic(schemaTopic, 1, replication)
                                .configs(
                                        Map.of(
                                                TopicConfig.CLEANUP_POLICY_CONFIG,
                                                TopicConfig.CLEANUP_POLICY_COMPACT)));
            }
            if (!existing.contains(transactionTopic)) {
                // One partition: transaction ENDs in commit order, for every consumer.
                missing.add(new NewTopic(transactionTopic, 1, replication));
            }
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
                throw unreachable(e.getCause());
            }
        } catch (TimeoutException | org.apache.kafka.common.KafkaException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(e);
        }
    }

    /** Those of {@code topics} that exist on the cluster. */
    public Set<String> existing(Collection<String> topics) {
        Properties properties = kafka.properties();
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        try (Admin admin = Admin.create(properties)) {
            Set<String> existing =
                    admin.listTopics().names().get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            return topics.stream().filter(existing::contains).collect(Collectors.toSet());
        } catch (ExecutionException e) {
            throw unreachable(e.getCause());
        } catch (TimeoutException | org.apache.kafka.common.KafkaException e) {
            throw unreachable(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unreachable(e);
        }
    }

    /** Publishes each table's definition, keyed by its qualified name, and waits for the acks. */
    public void publishSchemas(String schemaTopic, List<TableSchema> schemas) {
        Properties properties = kafka.properties();
        properties.put(ProducerConfig.ACKS_CONFIG, "all");
        properties.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        properties.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 20_000);
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(
                        properties, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (TableSchema schema : schemas) {
                byte[] key = schema.tableId().qualifiedName().getBytes(StandardCharsets.UTF_8);
                producer.send(
                        new ProducerRecord<>(schemaTopic, key, TableSchemaJson.toJson(schema)));
            }
            producer.flush();
        } catch (org.apache.kafka.common.KafkaException e) {
            throw unreachable(e);
        }
    }

    private FerryConfigException unreachable(Throwable cause) {
        return new FerryConfigException(
                "kafka: cannot reach "
                        + bootstrapServers
                        + " ("
                        + KafkaFailures.describe(cause)
                        + "). "
                        + KafkaFailures.advice(cause),
                cause);
    }
}
