package dev.ferry.jobs;

import dev.ferry.capture.CaptureConfig;
import dev.ferry.capture.CapturePipeline;
import dev.ferry.capture.heartbeat.HeartbeatWriter;
import dev.ferry.capture.kafka.KafkaTopics;
import dev.ferry.capture.preflight.UpstreamPreflight;
import dev.ferry.config.TopicLayoutUpgrade;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jobs.runtime.JobEnvironment;
import dev.ferry.options.KafkaOptions;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateRecoveryOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capture job: checks the upstream, prepares the topics, publishes the table definitions, and
 * starts the MySQL source → Kafka dataflow.
 */
public final class CaptureJob {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureJob.class);
    public static final String DEFAULT_NAME = "ferry-capture";

    private CaptureJob() {}

    public static JobClient start(Configuration options) throws Exception {
        CaptureConfig config = CaptureConfig.from(options);
        if (config.heartbeat != null) {
            HeartbeatWriter.ensureTable(config.upstream, config.heartbeat);
        }
        // As replicated: without left-out columns (refused when they are part of a key)
        List<TableSchema> tables =
                config.filter.project(
                        new UpstreamPreflight(config.upstream)
                                .check(config.tables, config.routing));
        // The downstream's tables: merged shards once, with their source columns
        StreamExecutionEnvironment env = JobEnvironment.create(options, DEFAULT_NAME);
        // A resumed capture may restore a shard DDL that some shards have run and others not
        boolean resuming =
                env.getConfiguration().getOptional(StateRecoveryOptions.SAVEPOINT_PATH).isPresent();
        List<TableSchema> targets = config.router.definitions(tables, config.routing, resuming);
        KafkaTopics kafka = new KafkaTopics(config.kafka);
        if (!options.contains(KafkaOptions.TOPIC_PATTERN)) {
            TopicLayoutUpgrade.refuseDefaultOver(
                    false,
                    kafka.existing(
                            tables.stream()
                                    .map(
                                            t ->
                                                    TopicLayoutUpgrade.earlierTopic(
                                                            t.database(), t.table()))
                                    .toList()),
                    "on Kafka at " + config.kafka.bootstrapServers());
        }
        kafka.ensureTopics(
                targets.stream().map(TableSchema::topic).distinct().toList(),
                config.schemaTopic,
                config.transactionTopic,
                config.topicPartitions,
                config.replicationFactor);
        kafka.publishSchemas(config.schemaTopic, targets);
        LOG.info("Capturing {} tables from {}", tables.size(), config.upstream);
        CapturePipeline.build(env, config, tables);
        return env.executeAsync();
    }
}
