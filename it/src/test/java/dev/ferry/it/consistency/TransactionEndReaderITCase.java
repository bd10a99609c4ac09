package dev.ferry.it.consistency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.apply.source.TransactionEndReader;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.json.TransactionEndJson;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.LoggedErrors;
import dev.ferry.it.support.Services;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The transactional apply reads the transaction topic with its own reader: in order, from the
 * restart offset, never more than its capacity ahead, and a record that is no END record stops it
 * after the END records before it. Against the real broker.
 */
class TransactionEndReaderITCase {
    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void readsInOrderFromTheRestartOffsetAndAtMostItsCapacityAhead() throws Exception {
        String topic = topicWith(50, false);
        TopicPartition partition = new TopicPartition(topic, 0);
        try (TransactionEndReader reader =
                new TransactionEndReader(Services.KAFKA, topic, Map.of(partition, 10L), 8)) {
            Await.until("8 END records read", Duration.ofSeconds(30), () -> reader.ready() == 8);
            Thread.sleep(300);
            assertThat(reader.ready()).as("read ahead no further than its capacity").isEqualTo(8);

            List<Long> offsets = new ArrayList<>();
            List<String> ids = new ArrayList<>();
            Await.until(
                    "the 40 END records from offset 10",
                    Duration.ofSeconds(30),
                    () -> {
                        for (TransactionEndReader.End end = reader.poll();
                                end != null;
                                end = reader.poll()) {
                            offsets.add(end.offset());
                            ids.add(end.end().id());
                        }
                        return offsets.size() == 40;
                    });
            assertThat(offsets).isSortedAccordingTo(Long::compare).startsWith(10L).endsWith(49L);
            assertThat(ids.get(0)).isEqualTo(idOf(10));
            assertThat(ids.get(39)).isEqualTo(idOf(49));
            assertThat(reader.partition()).isEqualTo(partition);
        }
    }

    @Test
    void startsAtTheEarliestOffsetWithoutARestartOffset() throws Exception {
        String topic = topicWith(3, false);
        try (TransactionEndReader reader =
                new TransactionEndReader(Services.KAFKA, topic, Map.of(), 100)) {
            Await.until("3 END records read", Duration.ofSeconds(30), () -> reader.ready() == 3);
            assertThat(reader.poll().offset()).isZero();
        }
    }

    @Test
    void aRecordThatIsNoEndRecordStopsTheReadingAfterTheOnesBeforeIt() throws Exception {
        String topic = topicWith(3, true);
        try (TransactionEndReader reader =
                new TransactionEndReader(Services.KAFKA, topic, Map.of(), 100)) {
            Await.until("3 END records read", Duration.ofSeconds(30), () -> reader.ready() == 3);
            for (int i = 0; i < 3; i++) {
                assertThat(reader.poll().offset()).isEqualTo(i);
            }
            Await.until(
                    "the poison record's error",
                    Duration.ofSeconds(30),
                    () -> {
                        try {
                            reader.poll();
                            return false;
                        } catch (FerryConfigException e) {
                            return true;
                        }
                    });
            assertThatThrownBy(reader::poll)
                    .isInstanceOf(FerryConfigException.class)
                    .hasMessageContaining("Kafka record " + topic + "-0@3")
                    .hasMessageContaining("is not a ferry transaction record")
                    .hasMessageContaining("nothing is lost");
        }
    }

    @Test
    void closesItsConsumerWithoutAnErrorWhetherPollingOrFull() throws Exception {
        String topic = topicWith(5, false);
        try (LoggedErrors errors = LoggedErrors.collect()) {
            TransactionEndReader full =
                    new TransactionEndReader(Services.KAFKA, topic, Map.of(), 2);
            Await.until("the reader full", Duration.ofSeconds(30), () -> full.ready() == 2);
            TransactionEndReader polling =
                    new TransactionEndReader(Services.KAFKA, topic, Map.of(), 100);
            Await.until("5 END records read", Duration.ofSeconds(30), () -> polling.ready() == 5);

            for (TransactionEndReader reader : List.of(full, polling)) {
                long start = System.nanoTime();
                reader.close();
                assertThat(Duration.ofNanos(System.nanoTime() - start))
                        .as("closed promptly")
                        .isLessThan(Duration.ofSeconds(8));
            }
            // Kafka logs "Failed to close fetcher" when its consumer's thread is interrupted.
            assertThat(errors.events()).isEmpty();
        }
    }

    private static String idOf(long n) {
        return "file=bin.000001,pos=" + (1000 + n);
    }

    /** A new one-partition topic with {@code count} END records, then a poison one if asked. */
    private static String topicWith(int count, boolean poison) throws Exception {
        String topic = "end-reader-" + UUID.randomUUID();
        Properties properties = new Properties();
        properties.put("bootstrap.servers", Services.KAFKA);
        try (Admin admin = Admin.create(properties)) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(
                        properties, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int n = 0; n < count; n++) {
                TransactionEnd end =
                        new TransactionEnd(
                                idOf(n),
                                "bin.000001",
                                1000 + n,
                                1_700_000_000_000L + n,
                                2,
                                Map.of(TableId.of("bank", "accounts"), 2L));
                producer.send(
                                new ProducerRecord<>(
                                        topic, 0, null, TransactionEndJson.serialize(end)))
                        .get();
            }
            if (poison) {
                producer.send(new ProducerRecord<>(topic, 0, null, "{oops".getBytes())).get();
            }
        }
        return topic;
    }
}
