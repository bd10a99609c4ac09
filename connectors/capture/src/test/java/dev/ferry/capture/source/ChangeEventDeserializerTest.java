package dev.ferry.capture.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Decimal;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Schema;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

/** Feeds hand-built Debezium records (the shape Flink CDC emits) through the deserializer. */
class ChangeEventDeserializerTest {
    private static final Schema ROW =
            SchemaBuilder.struct()
                    .name("db.t.Value")
                    .field("id", Schema.INT32_SCHEMA)
                    .field("big", Decimal.builder(0).optional().build())
                    .field(
                            "happened",
                            SchemaBuilder.int64()
                                    .name("io.debezium.time.MicroTimestamp")
                                    .optional()
                                    .build())
                    .field(
                            "stamped",
                            SchemaBuilder.string()
                                    .name("io.debezium.time.ZonedTimestamp")
                                    .optional()
                                    .build())
                    .field(
                            "day",
                            SchemaBuilder.int32().name("io.debezium.time.Date").optional().build())
                    .field(
                            "t",
                            SchemaBuilder.int64()
                                    .name("io.debezium.time.MicroTime")
                                    .optional()
                                    .build())
                    .field("data", Schema.OPTIONAL_BYTES_SCHEMA)
                    .field(
                            "doc",
                            SchemaBuilder.string().name("io.debezium.data.Json").optional().build())
                    .optional()
                    .build();
    private static final Schema KEY =
            SchemaBuilder.struct().name("db.t.Key").field("id", Schema.INT32_SCHEMA).build();
    private static final Schema SOURCE = DebeziumRecords.SOURCE;
    private static final Schema ENVELOPE =
            SchemaBuilder.struct()
                    .field("before", ROW)
                    .field("after", ROW)
                    .field("source", SOURCE)
                    .field("op", Schema.STRING_SCHEMA)
                    .field("ts_ms", Schema.OPTIONAL_INT64_SCHEMA)
                    .build();

    private static Struct row(int id) {
        return new Struct(ROW)
                .put("id", id)
                .put("big", new BigDecimal("18446744073709551615"))
                .put("happened", 1_709_251_199_123_456L) // 2024-02-29 23:59:59.123456
                .put("stamped", "2024-02-29T23:59:59.654321Z")
                .put("day", 19_782) // 2024-02-29
                .put("t", -(838L * 3600 + 59 * 60 + 59) * 1_000_000L)
                .put("data", ByteBuffer.wrap(new byte[] {0, (byte) 255}))
                .put("doc", "{\"a\":1}");
    }

    private static List<ChangeEvent> deserialize(
            String op, Struct before, Struct after, long transactionPos) {
        return deserialize(new ChangeEventDeserializer(), op, before, after, transactionPos);
    }

    private static List<ChangeEvent> deserialize(
            ChangeEventDeserializer deserializer,
            String op,
            Struct before,
            Struct after,
            long transactionPos) {
        Struct source =
                new Struct(SOURCE)
                        .put("db", "db")
                        .put("table", "t")
                        .put("file", "mysql-bin.000002")
                        .put("pos", 777L)
                        .put("row", 1)
                        .put("server_id", 1L)
                        .put("ts_ms", 1_700_000_000_000L)
                        .put("snapshot", "false");
        Struct value =
                new Struct(ENVELOPE)
                        .put("before", before)
                        .put("after", after)
                        .put("source", source)
                        .put("op", op)
                        .put("ts_ms", 1_700_000_000_500L);
        Struct key = new Struct(KEY).put("id", (after != null ? after : before).getInt32("id"));
        List<ChangeEvent> out = new ArrayList<>();
        Map<String, Object> offset =
                Map.of("file", "mysql-bin.000002", "pos", transactionPos, "event", 2L);
        deserializer.deserialize(
                new SourceRecord(Map.of(), offset, "topic", null, KEY, key, ENVELOPE, value),
                new Collector<CaptureRecord>() {
                    @Override
                    public void collect(CaptureRecord record) {
                        out.add(((CaptureRecord.Change) record).event());
                    }

                    @Override
                    public void close() {}
                });
        return out;
    }

    @Test
    void convertsValuesToTheirEnvelopeForm() {
        ChangeEvent event = deserialize("c", null, row(7), 700).get(0);

        assertThat(event.operation()).isEqualTo(Operation.CREATE);
        assertThat(event.keyColumns()).containsExactly("id");
        Map<String, Object> after = event.after();
        assertThat(after.get("id")).isEqualTo(7L);
        assertThat(after.get("big")).isEqualTo(new BigDecimal("18446744073709551615"));
        assertThat(after.get("happened")).isEqualTo("2024-02-29 23:59:59.123456");
        assertThat(after.get("stamped")).isEqualTo("2024-02-29 23:59:59.654321Z");
        assertThat(after.get("day")).isEqualTo("2024-02-29");
        assertThat(after.get("t")).isEqualTo("-838:59:59");
        assertThat((byte[]) after.get("data")).containsExactly(0, 255);
        assertThat(after.get("doc")).isEqualTo("{\"a\":1}");
    }

    @Test
    void carriesPositionAndNumbersChangesWithinTheirTransaction() {
        ChangeEventDeserializer deserializer = new ChangeEventDeserializer();

        ChangeEvent first = deserialize(deserializer, "u", row(1), row(1), 700).get(0);
        ChangeEvent second = deserialize(deserializer, "d", row(2), null, 700).get(0);
        ChangeEvent nextTransaction = deserialize(deserializer, "c", null, row(3), 900).get(0);

        assertThat(first.source().binlogFile()).isEqualTo("mysql-bin.000002");
        assertThat(first.source().binlogPosition()).isEqualTo(777);
        assertThat(first.source().commitTimestampMs()).isEqualTo(1_700_000_000_000L);
        assertThat(first.source().snapshot()).isFalse();
        assertThat(first.transaction().id()).isEqualTo("file=mysql-bin.000002,pos=700");
        assertThat(first.transaction().totalOrder()).isEqualTo(1);
        assertThat(second.transaction().id()).isEqualTo(first.transaction().id());
        assertThat(second.transaction().totalOrder()).isEqualTo(2);
        assertThat(second.transaction().dataCollectionOrder()).isEqualTo(2);
        assertThat(nextTransaction.transaction().id()).isEqualTo("file=mysql-bin.000002,pos=900");
        assertThat(nextTransaction.transaction().totalOrder()).isEqualTo(1);
    }

    @Test
    void snapshotReadsHaveNoTransaction() {
        ChangeEvent event = deserialize("r", null, row(1), 700).get(0);

        assertThat(event.operation()).isEqualTo(Operation.READ);
        assertThat(event.source().snapshot()).isTrue();
        assertThat(event.transaction()).isNull();
    }

    @Test
    void skipsTruncates() {
        assertThat(deserialize("t", null, row(1), 700)).isEmpty();
    }
}
