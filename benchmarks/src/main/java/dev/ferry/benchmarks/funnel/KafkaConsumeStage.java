package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.probe.Args;
import dev.ferry.benchmarks.probe.KafkaConsumers;
import dev.ferry.benchmarks.probe.Passes;
import dev.ferry.benchmarks.probe.ProcessCpu;
import dev.ferry.benchmarks.probe.ResultLine;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The Kafka-consume stage of the funnel: a plain kafka-clients consumer (Kafka's defaults,
 * read_committed, no group) reads the change topics from their beginning to their last stable
 * offset and counts records and bytes; it does not parse them. With {@code --envelope-times yes} it
 * instead parses each envelope for the capture's {@code ts_ms}, which the script uses to time the
 * capture's stages (that pass is not a stage itself).
 *
 * <pre>
 * KafkaConsumeStage --bootstrap host:port --topics REGEX [--envelope-times yes] [--passes 2]
 * prints: start_ms= end_ms= records= key_bytes= value_bytes= first_create_ms= last_create_ms=
 *         cpu_ms= [first_envelope_ms= last_envelope_ms=]
 * </pre>
 *
 * {@code *_create_ms} are the records' Kafka timestamps, set by the capture's producer when it sent
 * each record (the topics keep CreateTime). With {@code --passes N} it reads the topics N times,
 * each with a new consumer, and prints the median of passes 2..N ({@link Passes}).
 */
public final class KafkaConsumeStage {
    private static final Set<String> NAMES =
            Set.of("bootstrap", "topics", "envelope-times", "passes");

    private KafkaConsumeStage() {}

    public static void main(String[] argv) {
        Args args = Args.parse("KafkaConsumeStage", argv, NAMES);
        boolean envelopeTimes = args.get("envelope-times", "no").equals("yes");
        Pattern topics = Pattern.compile(args.get("topics"));
        ResultLine line =
                Passes.median(
                        (int) args.getLong("passes", 1),
                        () -> scan(args.get("bootstrap"), topics, envelopeTimes),
                        scan ->
                                Long.parseLong(scan.get("end_ms"))
                                        - Long.parseLong(scan.get("start_ms")));
        System.out.println(line);
    }

    private static ResultLine scan(String bootstrap, Pattern topics, boolean envelopeTimes) {
        long cpu = ProcessCpu.millis();
        try (KafkaConsumer<byte[], byte[]> consumer = KafkaConsumers.readCommitted(bootstrap)) {
            List<TopicPartition> partitions = KafkaConsumers.partitions(consumer, topics);
            long start = System.currentTimeMillis();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            long records = 0;
            long keyBytes = 0;
            long valueBytes = 0;
            long firstCreate = Long.MAX_VALUE;
            long lastCreate = 0;
            long firstEnvelope = Long.MAX_VALUE;
            long lastEnvelope = 0;
            while (!reached(consumer, end)) {
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(100))) {
                    records++;
                    keyBytes += Math.max(0, record.serializedKeySize());
                    valueBytes += Math.max(0, record.serializedValueSize());
                    firstCreate = Math.min(firstCreate, record.timestamp());
                    lastCreate = Math.max(lastCreate, record.timestamp());
                    if (envelopeTimes && record.value() != null) {
                        long captured = EnvelopeTimestamp.captureMs(record.value());
                        if (captured > 0) {
                            firstEnvelope = Math.min(firstEnvelope, captured);
                            lastEnvelope = Math.max(lastEnvelope, captured);
                        }
                    }
                }
            }
            ResultLine line =
                    new ResultLine()
                            .put("start_ms", start)
                            .put("end_ms", System.currentTimeMillis())
                            .put("records", records)
                            .put("key_bytes", keyBytes)
                            .put("value_bytes", valueBytes)
                            .put("first_create_ms", lastCreate == 0 ? 0 : firstCreate)
                            .put("last_create_ms", lastCreate)
                            .put("cpu_ms", ProcessCpu.millis() - cpu);
            if (envelopeTimes) {
                line.put("first_envelope_ms", lastEnvelope == 0 ? 0 : firstEnvelope)
                        .put("last_envelope_ms", lastEnvelope);
            }
            return line;
        }
    }

    private static boolean reached(
            KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> partition : end.entrySet()) {
            if (consumer.position(partition.getKey()) < partition.getValue()) {
                return false;
            }
        }
        return true;
    }
}
