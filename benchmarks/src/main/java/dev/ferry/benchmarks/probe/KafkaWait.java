package dev.ferry.benchmarks.probe;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Waits for records to become visible to a read_committed consumer after the moment it starts, and
 * prints when they did. It first prints {@code ready start=<offsets>} once it knows where the
 * topics end, so a script starts its workload only after that line.
 *
 * <pre>
 * KafkaWait --bootstrap host:port --topics REGEX --records N [--mode records|offsets] [--timeout-s 900]
 * </pre>
 *
 * {@code records} (default) consumes and counts the new records: exact, for small topics such as
 * the transaction topic. {@code offsets} only polls the last stable offsets every 250 ms and waits
 * until they moved by N, costing no consumer work while a pipeline drains; Kafka transaction
 * markers take offsets too, so the N-th record may still be uncommitted then: the script checks the
 * count afterwards. Prints {@code seen_ms=... records=...} (exit 1 on timeout).
 */
public final class KafkaWait {
    private static final Set<String> NAMES =
            Set.of("bootstrap", "topics", "records", "mode", "timeout-s");

    private KafkaWait() {}

    public static void main(String[] argv) {
        Args args = Args.parse("KafkaWait", argv, NAMES);
        long wanted = args.getLong("records");
        String mode = args.get("mode", "records");
        if (!mode.equals("records") && !mode.equals("offsets")) {
            throw new IllegalArgumentException(
                    "KafkaWait: --mode is records or offsets, not " + mode);
        }
        long deadline = System.currentTimeMillis() + 1000 * args.getLong("timeout-s", 900);
        try (KafkaConsumer<byte[], byte[]> consumer =
                KafkaConsumers.readCommitted(args.get("bootstrap"))) {
            List<TopicPartition> partitions =
                    KafkaConsumers.partitions(consumer, Pattern.compile(args.get("topics")));
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            long start = 0;
            for (TopicPartition partition : partitions) {
                start += consumer.position(partition);
            }
            System.out.println(new ResultLine().put("ready", "yes").put("start", start));
            System.out.flush();
            long seen = 0;
            while (seen < wanted) {
                if (System.currentTimeMillis() > deadline) {
                    System.out.println(new ResultLine().put("timeout_records", seen));
                    System.exit(1);
                }
                if (mode.equals("records")) {
                    for (ConsumerRecord<byte[], byte[]> ignored :
                            consumer.poll(Duration.ofMillis(100))) {
                        seen++;
                    }
                } else {
                    seen = KafkaConsumers.endOffsetSum(consumer, partitions) - start;
                    if (seen < wanted) {
                        sleep(250);
                    }
                }
            }
            System.out.println(
                    new ResultLine()
                            .put("seen_ms", System.currentTimeMillis())
                            .put("records", seen));
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
