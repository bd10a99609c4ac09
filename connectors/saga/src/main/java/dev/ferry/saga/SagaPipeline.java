package dev.ferry.saga;

import dev.ferry.saga.command.CommandReader;
import dev.ferry.saga.command.SagaCommandParser;
import dev.ferry.saga.coordinator.SagaCoordinatorFunction;
import dev.ferry.saga.coordinator.SagaEvent;
import dev.ferry.saga.kafka.StepResultSchema;
import dev.ferry.saga.outbox.OutboxCommandDeserializer;
import dev.ferry.saga.participant.ParticipantCallFunction;
import dev.ferry.saga.participant.StepCall;
import dev.ferry.saga.participant.StepResult;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.cdc.connectors.mysql.source.MySqlSource;
import org.apache.flink.cdc.connectors.mysql.table.StartupOptions;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Wires the saga dataflow. Start commands (Kafka topic, and optionally the outbox table's binlog)
 * and participants' answers (the feedback topic) meet in the coordinator, keyed by global id; its
 * calls go through async I/O to the participants, whose answers return through the feedback topic,
 * closing the loop with plain, checkpointed Kafka sources and sinks. Outcomes go to the results
 * topic exactly once.
 */
public final class SagaPipeline {
    private SagaPipeline() {}

    public static void build(StreamExecutionEnvironment env, SagaConfig config) {
        SagaCommandParser parser = new SagaCommandParser(config.defaults);
        DataStream<byte[]> commands =
                env.fromSource(commandSource(config), WatermarkStrategy.noWatermarks(), "commands")
                        .uid("saga-commands")
                        .setParallelism(config.parallelism);
        if (config.outbox.isPresent()) {
            commands =
                    commands.union(
                            env.fromSource(
                                            outboxSource(config.outbox.get()),
                                            WatermarkStrategy.noWatermarks(),
                                            "outbox")
                                    .uid("saga-outbox")
                                    .setParallelism(1));
        }
        DataStream<SagaEvent> starts =
                commands.map(new CommandReader())
                        .uid("saga-command-reader")
                        .name("read-commands")
                        .setParallelism(config.parallelism);
        DataStream<SagaEvent> answers =
                env.fromSource(feedbackSource(config), WatermarkStrategy.noWatermarks(), "feedback")
                        .uid("saga-feedback")
                        .setParallelism(config.parallelism)
                        .map(SagaEvent::result)
                        .uid("saga-feedback-events")
                        .name("answers")
                        .setParallelism(config.parallelism);

        SingleOutputStreamOperator<StepCall> calls =
                starts.union(answers)
                        .keyBy(event -> event.gid)
                        .process(new SagaCoordinatorFunction(parser, config.finishedRetention))
                        .uid("saga-coordinator")
                        .name("coordinator")
                        .setParallelism(config.parallelism);
        AsyncDataStream.unorderedWait(
                        calls,
                        new ParticipantCallFunction(config.caller),
                        // Flink's own timeout is a last resort behind the callers' timeouts.
                        config.caller.callTimeout().toMillis() * 2,
                        TimeUnit.MILLISECONDS,
                        config.maxInFlightCalls)
                .uid("saga-participant-calls")
                .name("participant-calls")
                .setParallelism(config.parallelism)
                .sinkTo(feedbackSink(config))
                .uid("saga-feedback-sink")
                .name("feedback")
                .setParallelism(config.parallelism);
        calls.getSideOutput(SagaCoordinatorFunction.OUTCOMES)
                .sinkTo(resultsSink(config))
                .uid("saga-results")
                .name("results")
                .setParallelism(config.parallelism)
                // A task of its own: committing and opening the Kafka transactions at each
                // checkpoint are blocking calls to the broker, which stopped every saga for as
                // long as they took when they ran on the coordinator's thread.
                .disableChaining();
    }

    private static KafkaSource<byte[]> commandSource(SagaConfig config) {
        return KafkaSource.<byte[]>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setTopics(config.commandTopic)
                .setGroupId(config.consumerGroup)
                .setStartingOffsets(
                        OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                // Raw bytes: the coordinator keeps the command as it came and reads it once.
                .setDeserializer(
                        KafkaRecordDeserializationSchema.valueOnly(ByteArrayDeserializer.class))
                .setProperty("isolation.level", "read_committed")
                .setProperties(clientProperties(config))
                .build();
    }

    private static KafkaSource<StepResult> feedbackSource(SagaConfig config) {
        return KafkaSource.<StepResult>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setTopics(config.feedbackTopic)
                .setGroupId(config.consumerGroup)
                .setStartingOffsets(
                        OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST))
                .setValueOnlyDeserializer(new StepResultSchema())
                // Answers are on the critical path of every step, but a fetch per answer costs the
                // broker and this job more CPU than the answer itself: wait up to 10 ms for a few
                // kilobytes of them (an idle job then polls 100 times a second).
                .setProperty("fetch.max.wait.ms", "10")
                .setProperty("fetch.min.bytes", "4096")
                .setProperties(clientProperties(config))
                .build();
    }

    private static MySqlSource<byte[]> outboxSource(SagaConfig.Outbox outbox) {
        String database = outbox.table().substring(0, outbox.table().indexOf('.'));
        // TLS as upstream.tls.* says; the key stores are written here, where the job starts
        // (embedded, that is where it runs).
        Properties jdbc = outbox.upstream().tls().driverProperties();
        jdbc.setProperty("allowPublicKeyRetrieval", "true");
        return MySqlSource.<byte[]>builder()
                .hostname(outbox.upstream().hostname())
                .port(outbox.upstream().port())
                .username(outbox.upstream().username())
                .password(outbox.upstream().password())
                .databaseList(database)
                .tableList(outbox.table())
                .serverId(outbox.serverId())
                .serverTimeZone(outbox.serverTimeZone())
                // Outbox rows written before the job's first start are history, not requests:
                // reading from the binlog's end means a restart never re-runs them either (the
                // position is in the checkpoint).
                .startupOptions(StartupOptions.latest())
                .jdbcProperties(jdbc)
                .debeziumProperties(outbox.upstream().tls().debeziumProperties())
                .deserializer(new OutboxCommandDeserializer())
                .build();
    }

    private static KafkaSink<StepResult> feedbackSink(SagaConfig config) {
        StepResultSchema schema = new StepResultSchema();
        String topic = config.feedbackTopic;
        Properties producer = new Properties();
        // Answers travel in batches of up to 5 ms (the other half of the fetch above).
        producer.setProperty("linger.ms", "5");
        return KafkaSink.<StepResult>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setRecordSerializer(
                        (KafkaRecordSerializationSchema<StepResult>)
                                (result, context, timestamp) ->
                                        new ProducerRecord<>(
                                                topic,
                                                result.gid.getBytes(StandardCharsets.UTF_8),
                                                schema.serialize(result)))
                // At least once is enough: the coordinator ignores an answer it does not wait for.
                .setDeliveryGuarantee(DeliveryGuarantee.AT_LEAST_ONCE)
                .setKafkaProducerConfig(withClientProperties(producer, config))
                .build();
    }

    private static KafkaSink<Tuple2<String, String>> resultsSink(SagaConfig config) {
        String topic = config.resultsTopic;
        Properties producer = new Properties();
        producer.setProperty("transaction.timeout.ms", "900000");
        // Outcomes become visible at the checkpoint, not when sent: batching them costs no time.
        producer.setProperty("linger.ms", "20");
        return KafkaSink.<Tuple2<String, String>>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setRecordSerializer(
                        (KafkaRecordSerializationSchema<Tuple2<String, String>>)
                                (outcome, context, timestamp) ->
                                        new ProducerRecord<>(
                                                topic,
                                                outcome.f0.getBytes(StandardCharsets.UTF_8),
                                                outcome.f1.getBytes(StandardCharsets.UTF_8)))
                // Exactly once: a consumer never sees an outcome that a restore would take back.
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionalIdPrefix(config.transactionalIdPrefix)
                .setKafkaProducerConfig(withClientProperties(producer, config))
                .build();
    }

    /** kafka.properties.*, for a source (its builder takes the bootstrap servers apart). */
    private static Properties clientProperties(SagaConfig config) {
        Properties properties = new Properties();
        properties.putAll(config.kafka.clientProperties());
        return properties;
    }

    /** A sink's producer settings with kafka.properties.* over them. */
    private static Properties withClientProperties(Properties producer, SagaConfig config) {
        producer.putAll(config.kafka.clientProperties());
        return producer;
    }
}
