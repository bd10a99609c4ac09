package dev.ferry.it.envelope;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The change topics are readable by anyone: Flink's stock {@code debezium-json} format rebuilds the
 * upstream rows from them, and a plain kafka-clients consumer with read_committed sees the
 * documented envelope: key, op, source position, transaction id and order.
 */
class EnvelopeConsumersITCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir static Path checkpoints;
    private static TestDatabase db;
    private static Pipeline pipeline;
    private static RunningJobs jobs;

    @BeforeAll
    static void captureSomeChanges() throws Exception {
        Services.requireRunning();
        db = TestDatabase.create("envelope");
        SampleSchema.load(db, 200, 50);
        pipeline = new Pipeline(db, checkpoints);
        jobs = new RunningJobs();
        jobs.add(pipeline.startCapture());
        String sbtest = "`" + db.name() + "`.sbtest";
        // Wait for the binlog phase, then make one two-row transaction and some single changes.
        Await.until(
                "the snapshot in Kafka",
                Duration.ofMinutes(2),
                () -> {
                    jobs.assertRunning();
                    return TopicReader.readCommitted(pipeline.topicOf("sbtest"), "sbtest").size()
                            >= 200;
                });
        Sql.execute(
                Services.upstreamAdmin(),
                "BEGIN",
                "UPDATE " + sbtest + " SET k = k + 1 WHERE id = 1",
                "UPDATE " + sbtest + " SET k = k + 1 WHERE id = 2",
                "COMMIT",
                "DELETE FROM " + sbtest + " WHERE id = 3",
                "INSERT INTO " + sbtest + " (id, k, c, pad) VALUES (1000, 1, 'new', 'row')",
                "UPDATE `"
                        + db.name()
                        + "`.awkward SET name = 'renamed ✓', price = 0.5 WHERE id = 2",
                "DELETE FROM `" + db.name() + "`.awkward WHERE id = 3");
        Await.until(
                "the binlog changes in Kafka",
                Duration.ofMinutes(1),
                () -> {
                    jobs.assertRunning();
                    return TopicReader.readCommitted(pipeline.topicOf("sbtest"), "sbtest").size()
                                    >= 204
                            && TopicReader.readCommitted(pipeline.topicOf("awkward"), "awkward")
                                            .size()
                                    >= 6;
                });
    }

    @AfterAll
    static void stop() {
        jobs.close();
        db.close();
    }

    @Test
    void plainConsumerSeesTheDocumentedEnvelope() throws Exception {
        List<JsonNode> binlog = new ArrayList<>();
        int snapshot = 0;
        for (ConsumerRecord<byte[], byte[]> record :
                TopicReader.readCommitted(pipeline.topicOf("sbtest"), "sbtest")) {
            JsonNode key = JSON.readTree(record.key());
            JsonNode value = JSON.readTree(record.value());
            assertThat(key.fieldNames()).toIterable().containsExactly("id");
            JsonNode source = value.get("source");
            assertThat(source.get("db").asText()).isEqualTo(db.name());
            assertThat(source.get("table").asText()).isEqualTo("sbtest");
            assertThat(value.get("ts_ms").asLong()).isPositive();
            if (value.get("op").asText().equals("r")) {
                snapshot++;
                assertThat(value.get("transaction").isNull()).isTrue();
                assertThat(value.get("after").get("id").asLong()).isEqualTo(key.get("id").asLong());
            } else {
                binlog.add(value);
                assertThat(source.get("file").asText()).startsWith("mysql-bin.");
                assertThat(source.get("pos").asLong()).isPositive();
                assertThat(source.get("ts_ms").asLong()).isPositive();
                assertThat(value.get("transaction").get("id").asText())
                        .startsWith("file=mysql-bin.");
            }
        }
        assertThat(snapshot).isEqualTo(200);
        assertThat(binlog)
                .extracting(v -> v.get("op").asText())
                .containsExactly("u", "u", "d", "c");
        JsonNode first = binlog.get(0).get("transaction");
        JsonNode second = binlog.get(1).get("transaction");
        assertThat(second.get("id").asText()).isEqualTo(first.get("id").asText());
        assertThat(first.get("total_order").asLong()).isEqualTo(1);
        assertThat(second.get("total_order").asLong()).isEqualTo(2);
        assertThat(binlog.get(2).get("transaction").get("id").asText())
                .isNotEqualTo(first.get("id").asText());
        assertThat(binlog.get(0).get("before").get("k").asLong() + 1)
                .isEqualTo(binlog.get(0).get("after").get("k").asLong());
        assertThat(binlog.get(2).get("after").isNull()).isTrue();
    }

    @Test
    void flinkDebeziumJsonFormatRebuildsTheRows() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql(
                "CREATE TABLE awkward (id INT, big DECIMAL(20, 0), price DECIMAL(20, 6), name STRING,"
                        + " body STRING, data BYTES, happened TIMESTAMP(6), stamped TIMESTAMP_LTZ(6),"
                        + " `day` DATE, mood STRING, doc STRING,"
                        // the topic is the database's: the table is chosen by source.table
                        + " origin_table STRING METADATA FROM 'value.source.table' VIRTUAL) WITH ("
                        + " 'connector' = 'kafka', 'topic' = '"
                        + pipeline.topicOf("awkward")
                        + "',"
                        + " 'properties.bootstrap.servers' = '"
                        + Services.KAFKA
                        + "',"
                        + " 'properties.isolation.level' = 'read_committed',"
                        + " 'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset',"
                        + " 'format' = 'debezium-json')");
        tables.getConfig().setLocalTimeZone(java.time.ZoneOffset.UTC);

        Map<Integer, Row> rows = new HashMap<>();
        try (CloseableIterator<Row> changes =
                tables.executeSql(
                                "SELECT id, big, price, name, body, data, happened, stamped, `day`,"
                                        + " mood, doc FROM awkward WHERE origin_table = 'awkward'")
                        .collect()) {
            changes.forEachRemaining(
                    change -> {
                        int id = (Integer) change.getField("id");
                        if (change.getKind() == RowKind.INSERT
                                || change.getKind() == RowKind.UPDATE_AFTER) {
                            rows.put(id, change);
                        } else {
                            rows.remove(id);
                        }
                    });
        }

        assertThat(rows.keySet()).containsExactlyInAnyOrder(1, 2, 4);
        Row first = rows.get(1);
        assertThat(first.getField("big")).isEqualTo(new BigDecimal("18446744073709551615"));
        assertThat(first.getField("price")).isEqualTo(new BigDecimal("12345678901234.123456"));
        assertThat(first.getField("name")).isEqualTo("emoji 🚀 and ü");
        assertThat((byte[]) first.getField("data")).containsExactly(0x00, 0xFF, 0x10);
        assertThat(first.getField("happened"))
                .isEqualTo(LocalDateTime.parse("2024-02-29T23:59:59.123456"));
        assertThat(first.getField("stamped"))
                .isEqualTo(Instant.parse("2024-02-29T23:59:59.654321Z"));
        assertThat(first.getField("day")).isEqualTo(LocalDate.parse("2024-02-29"));
        assertThat(first.getField("mood")).isEqualTo("happy");
        assertThat(JSON.readTree((String) first.getField("doc")))
                .isEqualTo(JSON.readTree("{\"a\": [1, 2, {\"b\": null}], \"c\": \"é\"}"));
        assertThat(rows.get(2).getField("name")).isEqualTo("renamed ✓");
        assertThat(rows.get(2).getField("price")).isEqualTo(new BigDecimal("0.500000"));
        assertThat(rows.get(4).getField("big")).isEqualTo(new BigDecimal("9223372036854775808"));
    }
}
