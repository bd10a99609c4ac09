package dev.ferry.apply.source;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/** Checks, before transactional apply starts, that capture writes END records it can read. */
public final class TransactionTopic {
    private TransactionTopic() {}

    /** Throws a clear error when {@code topic} is missing or has more than one partition. */
    public static void require(KafkaClientConfig kafka, String topic) {
        Properties properties = kafka.properties();
        try (Admin admin = Admin.create(properties)) {
            Map<String, TopicDescription> topics =
                    admin.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS);
            int partitions = topics.get(topic).partitions().size();
            if (partitions != 1) {
                throw new FerryConfigException(
                        "transaction topic '"
                                + topic
                                + "' has "
                                + partitions
                                + " partitions; it must have one so END records stay in commit"
                                + " order. Recreate it with one partition.");
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new FerryConfigException(
                        "transaction topic '"
                                + topic
                                + "' does not exist at "
                                + kafka.bootstrapServers()
                                + ": start the capture job first (it creates it), check that"
                                + " both jobs use the same kafka.transaction-topic, or use"
                                + " apply.consistency=row.");
            }
            throw new IllegalStateException(
                    "cannot describe Kafka topic '" + topic + "': " + e.getCause().getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while checking topic " + topic, e);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new FerryConfigException(
                    "Kafka at " + kafka.bootstrapServers() + " did not answer within 30 s");
        }
    }
}
