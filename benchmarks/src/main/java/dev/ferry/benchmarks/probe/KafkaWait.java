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
 * prints when they did. It first prints {@code ready=yes start=<offsets>} once it knows where the
 * topics end, so a script starts its workload only after that line.
 *
 * <pre>
 * KafkaWait --bootstrap host:port --topics REGEX --records N [--timeout-s 900]
 * prints: seen_ms=... records=...   (exit 1 on timeout)
 * </pre>
 *
 * It consumes and counts the new records, so it is exact (transaction markers are no records) but
 * costs consumer work: meant for small topics such as the transaction topic; for a change topic
 * being drained, bench.sh's {@code kafka_wait_offsets} polls offsets instead.
 */
public final class KafkaWait {
    private static final Set<String> NAMES = Set.of("bootstrap", "topics", "records", "timeout-s");

    private KafkaWait() {}

    public static void main(String[] argv) {
        Args args = Args.parse("KafkaWait", argv, NAMES);
        long wanted = args.getLong("records");
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
                for (ConsumerRecord<byte[], byte[]> ignored :
                        consumer.poll(Duration.ofMillis(100))) {
                    seen++;
                }
            }
            System.out.println(
                    new ResultLine()
                            .put("seen_ms", System.currentTimeMillis())
                            .put("records", seen));
        }
    }
}
