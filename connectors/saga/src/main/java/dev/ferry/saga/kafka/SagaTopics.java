package dev.ferry.saga.kafka;

import dev.ferry.config.KafkaClientConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.TopicExistsException;

/** Creates the saga job's topics when missing; the results topic is compacted by global id. */
public final class SagaTopics {
    private SagaTopics() {}

    public static void ensure(
            KafkaClientConfig kafka,
            String commandTopic,
            String feedbackTopic,
            String resultsTopic,
            int partitions)
            throws Exception {
        Properties properties = kafka.properties();
        try (Admin admin = Admin.create(properties)) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = new ArrayList<>();
            if (!existing.contains(commandTopic)) {
                missing.add(new NewTopic(commandTopic, partitions, (short) 1));
            }
            if (!existing.contains(feedbackTopic)) {
                missing.add(new NewTopic(feedbackTopic, partitions, (short) 1));
            }
            if (!existing.contains(resultsTopic)) {
                missing.add(
                        new NewTopic(resultsTopic, partitions, (short) 1)
                                .configs(
                                        Map.of(
                                                TopicConfig.CLEANUP_POLICY_CONFIG,
                                                TopicConfig.CLEANUP_POLICY_COMPACT)));
            }
            if (missing.isEmpty()) {
                return;
            }
            try {
                admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof TopicExistsException)) {
                    throw e;
                }
            }
        }
    }
}
