package dev.ferry.apply;

import dev.ferry.apply.progress.ProgressOffsetsInitializer;
import dev.ferry.apply.progress.ProgressStore;
import dev.ferry.apply.sink.HeartbeatFanOut;
import dev.ferry.apply.sink.JdbcApplySink;
import dev.ferry.apply.sink.RowWriterPartitioner;
import dev.ferry.apply.sink.TransactionalApplySink;
import dev.ferry.apply.source.RawChange;
import dev.ferry.apply.source.RawChangeDeserializer;
import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * Wires the apply dataflow for the chosen consistency: transaction (assembly, conflict detection,
 * parallel workers, progress in the downstream) or row (keyed by primary key, offsets in Flink's
 * checkpoints). Both read the change topics read_committed.
 */
public final class ApplyPipeline {
    /** How long the broker may hold a fetch for partitions without new records. */
    static final int FETCH_MAX_WAIT_MS = 20;

    private ApplyPipeline() {}

    /**
     * @param topics the change topics: those of the known tables, and of tables a capture creates
     *     later ({@link dev.ferry.apply.source.ChangeTopics})
     */
    public static void build(StreamExecutionEnvironment env, ApplyConfig config, Pattern topics) {
        if (config.transactional) {
            buildTransactional(env, config, topics);
        } else {
            buildPerRow(env, config, topics);
        }
    }

    /**
     * One reader and one assembling writer that sees every record (parallelism 1); the writer runs
     * {@code apply.workers} downstream connections itself, because the conflict detector must see
     * every transaction. The Kafka source reads the change topics from the downstream's progress
     * table; the writer reads the transaction topic itself, as far as it has room.
     */
    private static void buildTransactional(
            StreamExecutionEnvironment env, ApplyConfig config, Pattern topics) {
        ProgressStore store = new ProgressStore(config.progressDatabase, config.consumerGroup);
        DataStream<RawChange> records =
                env.fromSource(
                                source(
                                        config,
                                        topics,
                                        new ProgressOffsetsInitializer(config.downstream, store),
                                        1024 * 1024),
                                WatermarkStrategy.noWatermarks(),
                                "kafka-envelopes")
                        .uid("kafka-envelopes")
                        .setParallelism(1);
        sink(records, config);
    }

    /**
     * Routed by primary key so each row's changes reach one of {@code apply.workers} writers; with
     * heartbeats, each heartbeat reaches all of them ({@link HeartbeatFanOut}).
     */
    private static void buildPerRow(
            StreamExecutionEnvironment env, ApplyConfig config, Pattern topics) {
        DataStream<RawChange> records =
                env.fromSource(
                                source(
                                        config,
                                        topics,
                                        OffsetsInitializer.committedOffsets(
                                                OffsetResetStrategy.EARLIEST),
                                        16 * 1024 * 1024),
                                WatermarkStrategy.noWatermarks(),
                                "kafka-envelopes")
                        .uid("kafka-envelopes")
                        // one reader per partition at most; idle ones cost nothing
                        .setParallelism(config.workers);
        sink(records, config);
    }

    /**
     * Applies the Kafka records of the change topics downstream with the configured consistency:
     * the one path behind both the apply job and the {@code ferry-apply} SQL connector. In
     * transaction mode the sink reads the transaction topic itself and drops its records when they
     * come in here too.
     */
    public static DataStreamSink<RawChange> sink(
            DataStream<RawChange> records, ApplyConfig config) {
        if (!config.transactional) {
            DataStream<RawChange> routed = records;
            if (config.heartbeat != null) {
                routed =
                        records.flatMap(new HeartbeatFanOut(config.heartbeat, config.workers))
                                .uid("heartbeat-fan-out")
                                .name("heartbeat-fan-out")
                                .setParallelism(records.getParallelism());
            }
            return routed.partitionCustom(new RowWriterPartitioner(), change -> change)
                    .sinkTo(new JdbcApplySink(config))
                    .uid("jdbc-apply")
                    .name("jdbc-apply")
                    .setParallelism(config.workers);
        }
        if (records.getExecutionEnvironment().getCheckpointConfig().isCheckpointingEnabled()) {
            throw new FerryConfigException(
                    "apply.consistency=transaction keeps its progress in the downstream and must"
                            + " run without Flink checkpointing (a checkpoint would record Kafka"
                            + " offsets past transactions still being assembled): unset"
                            + " execution.checkpointing.interval, or use apply.consistency=row.");
        }
        return records.sinkTo(new TransactionalApplySink(config))
                .uid("jdbc-apply-transactions")
                .name("jdbc-apply-transactions")
                .setParallelism(1);
    }

    /**
     * @param partitionFetchBytes most bytes one fetch takes from a partition; the transactional
     *     reader keeps it small so partitions advance evenly
     */
    static KafkaSource<RawChange> source(
            ApplyConfig config,
            Pattern topics,
            OffsetsInitializer startingOffsets,
            int partitionFetchBytes) {
        return KafkaSource.<RawChange>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setTopicPattern(topics)
                .setGroupId(config.consumerGroup)
                .setStartingOffsets(startingOffsets)
                .setDeserializer(new RawChangeDeserializer())
                .setProperties(consumerProperties(partitionFetchBytes))
                .setProperties(clientProperties(config.kafka))
                .build();
    }

    /** kafka.properties.*: Flink's builder takes the bootstrap servers separately. */
    private static Properties clientProperties(KafkaClientConfig kafka) {
        Properties properties = new Properties();
        properties.putAll(kafka.clientProperties());
        return properties;
    }

    /** The Kafka consumer's settings for reading the change and transaction topics. */
    static Properties consumerProperties(int partitionFetchBytes) {
        Properties properties = new Properties();
        properties.setProperty("isolation.level", "read_committed");
        properties.setProperty("partition.discovery.interval.ms", "10000");
        properties.setProperty("fetch.max.bytes", String.valueOf(64 * 1024 * 1024));
        properties.setProperty("max.partition.fetch.bytes", String.valueOf(partitionFetchBytes));
        // The consumer fetches only partitions with nothing buffered, one fetch per broker at a
        // time. When the others are idle (any caught-up partition) that fetch waits
        // fetch.max.wait.ms (500 ms
        // by default) for them, and the busy partition's next fetch queues behind it: one
        // max.partition.fetch.bytes per half second. Measured (benchmarks/funnel.sh, stage 6):
        // 14k row changes/s with the default, 46k with 20 ms. Idle, it costs a fetch every 20 ms.
        properties.setProperty("fetch.max.wait.ms", String.valueOf(FETCH_MAX_WAIT_MS));
        return properties;
    }
}
