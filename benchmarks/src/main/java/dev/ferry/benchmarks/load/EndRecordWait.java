package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.probe.KafkaConsumers;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * A read_committed consumer, in the background, waiting for a number of new records on topics (the
 * capture's END records on its transaction topic): it is positioned at the topics' end when {@link
 * #start} returns, and {@link #await} gives when the last record became visible.
 */
public final class EndRecordWait implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofMinutes(15);

    private final Thread thread;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private volatile long seenMs = -1;
    private volatile Exception failure;

    private EndRecordWait(String bootstrap, String topics, long records) {
        consumer = KafkaConsumers.readCommitted(bootstrap);
        List<TopicPartition> partitions =
                KafkaConsumers.partitions(consumer, Pattern.compile(topics));
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // resolves the end now, before any record
        thread =
                new Thread(
                        () -> {
                            try {
                                seenMs = wait(records, topics);
                            } catch (Exception e) {
                                failure = e;
                            }
                        },
                        "end-record-wait");
        thread.setDaemon(true);
    }

    /** Starts waiting for {@code records} new records on the topics matching {@code topics}. */
    public static EndRecordWait start(String bootstrap, String topics, long records) {
        EndRecordWait wait = new EndRecordWait(bootstrap, topics, records);
        wait.thread.start();
        return wait;
    }

    /** When the last of the records was seen (epoch ms). */
    public long await() throws Exception {
        thread.join();
        if (failure != null) {
            throw failure;
        }
        return seenMs;
    }

    private long wait(long records, String topics) {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        long seen = 0;
        while (seen < records) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        seen
                                + " of "
                                + records
                                + " END records on "
                                + topics
                                + " after "
                                + TIMEOUT.toMinutes()
                                + " min: the capture did not finish (see its log)");
            }
            for (ConsumerRecord<byte[], byte[]> ignored : consumer.poll(Duration.ofMillis(100))) {
                seen++;
            }
        }
        return System.currentTimeMillis();
    }

    @Override
    public void close() throws InterruptedException {
        thread.join(1000);
        consumer.close(Duration.ofSeconds(5));
    }
}
