package dev.ferry.apply;

import dev.ferry.apply.sink.JdbcApplySink;
import dev.ferry.apply.source.RawChange;
import dev.ferry.apply.source.RawChangeDeserializer;
import java.util.List;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * Wires the apply dataflow: the change topics, read committed with offsets in Flink's checkpoints,
 * keyed by primary key so each row's changes reach one writer in order, into the JDBC sink.
 */
public final class ApplyPipeline {
    private ApplyPipeline() {}

    public static void build(
            StreamExecutionEnvironment env, ApplyConfig config, List<String> topics) {
        DataStream<RawChange> changes =
                env.fromSource(
                                source(config, topics),
                                WatermarkStrategy.noWatermarks(),
                                "kafka-envelopes")
                        .uid("kafka-envelopes")
                        .setParallelism(
                                config.parallelism); // one reader per partition at most; idle ones
        // cost nothing
        changes.keyBy(change -> change.keyHash)
                .sinkTo(new JdbcApplySink(config))
                .uid("jdbc-apply")
                .name("jdbc-apply")
                .setParallelism(config.parallelism);
    }

    static KafkaSource<RawChange> source(ApplyConfig config, List<String> topics) {
        return KafkaSource.<RawChange>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setTopics(topics)
                .setGroupId(config.consumerGroup)
                .setStartingOffsets(
                        OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                .setDeserializer(new RawChangeDeserializer())
                .setProperty("isolation.level", "read_committed")
                .setProperty("partition.discovery.interval.ms", "10000")
                .setProperty("fetch.max.bytes", String.valueOf(64 * 1024 * 1024))
                .setProperty("max.partition.fetch.bytes", String.valueOf(16 * 1024 * 1024))
                .build();
    }
}
