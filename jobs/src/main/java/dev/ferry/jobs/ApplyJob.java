package dev.ferry.jobs;

import dev.ferry.apply.ApplyConfig;
import dev.ferry.apply.ApplyPipeline;
import dev.ferry.apply.catalog.DownstreamCatalog;
import dev.ferry.apply.catalog.SchemaTopicReader;
import dev.ferry.apply.source.ChangeTopics;
import dev.ferry.apply.source.TransactionTopic;
import dev.ferry.config.FerryConfigException;
import dev.ferry.config.TopicLayoutUpgrade;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.Connections;
import dev.ferry.jobs.runtime.JobEnvironment;
import dev.ferry.options.KafkaOptions;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The apply job: reads the published table definitions, creates missing downstream tables (so that
 * problems surface before the job runs), and starts the Kafka → JDBC dataflow.
 */
public final class ApplyJob {
    private static final Logger LOG = LoggerFactory.getLogger(ApplyJob.class);
    public static final String DEFAULT_NAME = "ferry-apply";

    private ApplyJob() {}

    public static JobClient start(Configuration options) throws Exception {
        ApplyConfig config = ApplyConfig.from(options);
        Map<TableId, TableSchema> schemas =
                new SchemaTopicReader(config.kafka, config.schemaTopic).readAll();
        if (schemas.isEmpty()) {
            throw new FerryConfigException(
                    "no table definitions on schema topic '"
                            + config.schemaTopic
                            + "' at "
                            + config.bootstrapServers
                            + ": start the capture job first (it publishes them).");
        }
        // A capture started before one topic per database became the default, or kept on a topic
        // per table, names those topics here: with the default pattern, tables created later
        // would go unread.
        TopicLayoutUpgrade.refuseDefaultOver(
                options.contains(KafkaOptions.TOPIC_PATTERN),
                schemas.values().stream()
                        .filter(s -> s.topic().equals(earlierTopic(s)))
                        .map(TableSchema::topic)
                        .toList(),
                "on schema topic '" + config.schemaTopic + "'");
        DownstreamCatalog catalog =
                new DownstreamCatalog(config.createMissingTables, () -> schemas);
        try (Connection connection = Connections.open(config.downstream)) {
            catalog.prepare(connection, schemas);
            for (TableId table : schemas.keySet()) {
                catalog.table(connection, table); // names a missing table when creation is off
            }
        }
        List<String> topics =
                schemas.values().stream().map(TableSchema::topic).distinct().sorted().toList();
        LOG.info(
                "Applying {} tables from {} topics to {}",
                schemas.size(),
                topics.size(),
                config.downstream);
        if (config.transactional) {
            TransactionTopic.require(config.kafka, config.transactionTopic);
        }
        StreamExecutionEnvironment env =
                JobEnvironment.create(options, DEFAULT_NAME, !config.transactional);
        ApplyPipeline.build(
                env,
                config,
                ChangeTopics.pattern(
                        topics,
                        options.get(KafkaOptions.TOPIC_PATTERN),
                        schemas.keySet().stream().map(TableId::database).distinct().toList()));
        return env.executeAsync();
    }

    private static String earlierTopic(TableSchema schema) {
        return TopicLayoutUpgrade.earlierTopic(schema.database(), schema.table());
    }
}
