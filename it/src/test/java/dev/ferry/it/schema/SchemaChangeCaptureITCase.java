package dev.ferry.it.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.TopicReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DDL statement reaches Kafka at its binlog position: its END record on the transaction topic
 * between the ENDs of the transactions before and after it, the table's new definition on the
 * schema topic; the change topic stays readable by plain consumers and Flink's debezium-json.
 */
class SchemaChangeCaptureITCase {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir Path checkpoints;

    @Test
    void anAlterIsAnEndRecordInBinlogOrderAndANewDefinition() throws Exception {
        Services.requireRunning();
        try (TestDatabase db = TestDatabase.create("ddlcap");
                RunningJobs jobs = new RunningJobs()) {
            String table = "`" + db.name() + "`.t";
            Sql.execute(
                    Services.upstreamAdmin(),
                    "CREATE TABLE " + table + " (id INT PRIMARY KEY, v VARCHAR(20))",
                    "INSERT INTO " + table + " VALUES (1, 'one')",
                    "CREATE TABLE `" + db.name() + "`.gone (id INT PRIMARY KEY)");
            Pipeline pipeline = new Pipeline(db, checkpoints);
            jobs.add(pipeline.startCapture());
            Await.until(
                    "the snapshot in Kafka",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        return TopicReader.readCommitted(pipeline.topicOf("t"), "t").size() >= 1;
                    });
            // A DDL before the binlog reader starts would be in the schema it starts with
            // (Flink CDC reads it then), ahead of the rows before the DDL: wait for a binlog row.
            Sql.execute(Services.upstreamAdmin(), "INSERT INTO " + table + " VALUES (2, 'before')");
            Await.until(
                    "a binlog row in Kafka",
                    Duration.ofMinutes(1),
                    () -> {
                        jobs.assertRunning();
                        return TopicReader.readCommitted(pipeline.topicOf("t"), "t").size() >= 2;
                    });
            Sql.execute(
                    Services.upstreamAdmin(),
                    "ALTER TABLE " + table + " ADD COLUMN extra INT NOT NULL DEFAULT 5",
                    "INSERT INTO " + table + " VALUES (3, 'after', 33)",
                    "DROP TABLE `" + db.name() + "`.gone");
            String transactions = "ferry-tx-" + db.name();
            Await.until(
                    "three END records",
                    Duration.ofMinutes(1),
                    () -> {
                        jobs.assertRunning();
                        return TopicReader.readCommitted(transactions).size() >= 4;
                    });

            List<JsonNode> ends = new ArrayList<>();
            for (ConsumerRecord<byte[], byte[]> record : TopicReader.readCommitted(transactions)) {
                ends.add(JSON.readTree(record.value()));
            }
            assertThat(ends).hasSize(4);
            JsonNode drop = ends.get(3).get("schema_change");
            assertThat(drop.get("kind").asText()).isEqualTo("drop");
            assertThat(drop.get("table").asText()).isEqualTo(db.name() + ".gone");
            assertThat(drop.get("definition").isNull()).isTrue();
            assertThat(ends).allSatisfy(e -> assertThat(e.get("status").asText()).isEqualTo("END"));
            assertThat(ends.get(0).get("event_count").asLong()).isEqualTo(1);
            JsonNode ddl = ends.get(1);
            assertThat(ddl.get("event_count").asLong()).isZero();
            JsonNode change = ddl.get("schema_change");
            assertThat(change.get("kind").asText()).isEqualTo("alter");
            assertThat(change.get("ddl").asText()).containsIgnoringCase("ADD COLUMN extra");
            assertThat(change.get("table").asText()).isEqualTo(db.name() + ".t");
            JsonNode extra = change.get("definition").get("columns").get(2);
            assertThat(extra.get("name").asText()).isEqualTo("extra");
            assertThat(extra.get("default_value").asText()).isEqualTo("5");
            assertThat(ends.get(2).get("event_count").asLong()).isEqualTo(1);
            // binlog order. Debezium reports the DDL at the restart position it leaves behind,
            // which the next transaction starts from as well: its id differs by the ddl suffix.
            assertThat(ends.get(1).get("source").get("pos").asLong())
                    .isGreaterThan(ends.get(0).get("source").get("pos").asLong());
            assertThat(ends.get(2).get("source").get("pos").asLong())
                    .isGreaterThanOrEqualTo(ends.get(1).get("source").get("pos").asLong());
            assertThat(ddl.get("id").asText()).contains(",ddl=");

            Map<String, JsonNode> definitions = new HashMap<>();
            for (ConsumerRecord<byte[], byte[]> record :
                    TopicReader.readCommitted("ferry-schema-" + db.name())) {
                definitions.put(
                        new String(record.key(), StandardCharsets.UTF_8),
                        record.value() == null ? null : JSON.readTree(record.value()));
            }
            assertThat(definitions.get(db.name() + ".t").get("columns")).hasSize(3);
            assertThat(definitions).containsEntry(db.name() + ".gone", null); // tombstone

            assertThat(debeziumJsonRows(pipeline.topicOf("t")))
                    .containsEntry(1, "one/null")
                    .containsEntry(2, "before/null")
                    .containsEntry(3, "after/33")
                    .hasSize(3);
        }
    }

    /** The topic's rows as Flink's stock debezium-json format rebuilds them: id → "v/extra". */
    private static Map<Integer, String> debeziumJsonRows(String topic) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql(
                "CREATE TABLE t (id INT, v STRING, extra INT,"
                        + " origin_table STRING METADATA FROM 'value.source.table' VIRTUAL)"
                        + " WITH ('connector' = 'kafka',"
                        + " 'topic' = '"
                        + topic
                        + "', 'properties.bootstrap.servers' = '"
                        + Services.KAFKA
                        + "', 'properties.isolation.level' = 'read_committed',"
                        + " 'scan.startup.mode' = 'earliest-offset',"
                        + " 'scan.bounded.mode' = 'latest-offset', 'format' = 'debezium-json')");
        Map<Integer, String> rows = new HashMap<>();
        try (CloseableIterator<Row> changes =
                tables.executeSql("SELECT id, v, extra FROM t WHERE origin_table = 't'")
                        .collect()) {
            changes.forEachRemaining(
                    row -> {
                        int id = (Integer) row.getField("id");
                        if (row.getKind() == RowKind.INSERT
                                || row.getKind() == RowKind.UPDATE_AFTER) {
                            rows.put(id, row.getField("v") + "/" + row.getField("extra"));
                        } else {
                            rows.remove(id);
                        }
                    });
        }
        return rows;
    }
}
