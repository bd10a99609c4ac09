package dev.ferry.apply.source;

import dev.ferry.config.KafkaClientConfig;
import dev.ferry.envelope.TransactionEnd;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads and parses the transaction topic's END records on a thread of its own, at most {@code
 * capacity} ahead of the transactional writer, which takes them as it has room for them.
 *
 * <p>Why not through the Flink source with the change topics: END records are small and compress
 * well, so a fetch of the transaction topic holds many more transactions than a fetch of a change
 * topic. Read with the changes, they ran ahead by up to the whole backlog (94k END records held at
 * once while draining 140k {@code oltp_write_only} transactions, a third of the live heap), and
 * each young collection copied them.
 *
 * <p>Starts at the offset a restart must read from (the downstream's progress table), or at the
 * earliest offset when there is none: the same rule as the change topics'.
 */
public final class TransactionEndReader implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(100);

    /** An END record and its offset. */
    public record End(TransactionEnd end, long offset) {}

    private final BlockingQueue<End> read;

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final TopicPartition partition;
    private final Thread thread;
    private volatile boolean closed;

    /** What stopped the reading, thrown once every END read before it was taken. */
    private volatile RuntimeException failure;

    /**
     * @param restartOffsets per partition, where a restart must read again (from the progress
     *     table); the transaction topic's partition may be missing
     * @param capacity END records read ahead of {@link #poll}
     */
    public TransactionEndReader(
            String bootstrapServers,
            String topic,
            Map<TopicPartition, Long> restartOffsets,
            int capacity) {
        this(KafkaClientConfig.plain(bootstrapServers), topic, restartOffsets, capacity);
    }

    /** A reader whose consumer takes the job's Kafka client properties. */
    public TransactionEndReader(
            KafkaClientConfig kafka,
            String topic,
            Map<TopicPartition, Long> restartOffsets,
            int capacity) {
        String bootstrapServers = kafka.bootstrapServers();
        this.partition = new TopicPartition(topic, 0);
        this.read = new ArrayBlockingQueue<>(capacity);
        this.consumer =
                new KafkaConsumer<>(
                        properties(kafka),
                        new ByteArrayDeserializer(),
                        new ByteArrayDeserializer());
        try {
            consumer.assign(List.of(partition));
            long earliest = consumer.beginningOffsets(List.of(partition), TIMEOUT).get(partition);
            Long restart = restartOffsets.get(partition);
            consumer.seek(partition, restart == null ? earliest : Math.max(restart, earliest));
        } catch (KafkaException e) {
            consumer.close();
            throw TopicReadErrors.cannotRead("transaction topic", topic, bootstrapServers, e);
        }
        this.thread = new Thread(this::readLoop, "ferry-apply-transaction-ends");
        thread.setDaemon(true);
        thread.start();
    }

    static Properties properties(KafkaClientConfig kafka) {
        Properties properties = kafka.properties();
        // Only committed END records: an aborted capture transaction's are not the upstream's.
        properties.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        properties.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        properties.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
        // Idle, the broker holds a fetch this long: the most an END record waits once written.
        properties.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20);
        properties.put(ConsumerConfig.CLIENT_ID_CONFIG, "ferry-apply-transaction-ends");
        return properties;
    }

    private void readLoop() {
        EnvelopeParser parser = new EnvelopeParser();
        try {
            while (!closed) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    if (record.value() == null) {
                        continue;
                    }
                    End end = new End(parser.parseEnd(RawChange.of(record)), record.offset());
                    while (!read.offer(end, POLL.toMillis(), TimeUnit.MILLISECONDS)) {
                        if (closed) {
                            return;
                        }
                    }
                }
            }
        } catch (WakeupException | InterruptedException e) {
            // closed
        } catch (RuntimeException e) {
            if (!closed) {
                failure = e;
            }
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    /** END records read and not yet taken: at most the capacity. */
    public int ready() {
        return read.size();
    }

    /** The transaction topic's partition. */
    public TopicPartition partition() {
        return partition;
    }

    /**
     * The next END record read, or null when none is ready.
     *
     * @throws RuntimeException what stopped the reading (a record that is no END record, Kafka
     *     failing), once every END read before it was taken
     */
    public End poll() {
        End next = read.poll();
        if (next == null && failure != null) {
            throw failure;
        }
        return next;
    }

    /**
     * Stops the reading thread the way Kafka wants a consumer stopped from another thread: {@link
     * KafkaConsumer#wakeup()}, and the reading thread closes it. An interrupt instead would make
     * the consumer's own close fail ("Failed to close fetcher", InterruptException) on every normal
     * stop.
     */
    @Override
    public void close() throws InterruptedException {
        closed = true;
        consumer.wakeup();
        thread.join(10_000);
    }
}
