package dev.ferry.benchmarks.direct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Schema;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

class SnapshotRowDeserializerTest {
    private static final Schema ROW =
            SchemaBuilder.struct()
                    .field("id", Schema.INT32_SCHEMA)
                    .field(
                            "born",
                            SchemaBuilder.int32().name("io.debezium.time.Date").optional().build())
                    .field("c", Schema.OPTIONAL_STRING_SCHEMA)
                    .build();
    private static final Schema ENVELOPE =
            SchemaBuilder.struct().field("after", ROW).field("op", Schema.STRING_SCHEMA).build();

    private static SourceRecord record(String op, int id, String c) {
        Struct after = new Struct(ROW).put("id", id).put("born", 1).put("c", c);
        Struct value = new Struct(ENVELOPE).put("after", after).put("op", op);
        return new SourceRecord(
                Map.of(), Map.of(), "mysql_binlog_source.shop.orders", null, ENVELOPE, value);
    }

    private static List<SnapshotRow> deserialize(SnapshotRowDeserializer d, SourceRecord... records)
            throws Exception {
        List<SnapshotRow> out = new ArrayList<>();
        Collector<SnapshotRow> collector =
                new Collector<>() {
                    @Override
                    public void collect(SnapshotRow row) {
                        out.add(row);
                    }

                    @Override
                    public void close() {}
                };
        for (SourceRecord record : records) {
            d.deserialize(record, collector);
        }
        return out;
    }

    @Test
    void aSnapshotRecordBecomesTheRowsValuesInColumnOrder() throws Exception {
        SnapshotRowDeserializer d = new SnapshotRowDeserializer();
        List<SnapshotRow> rows = deserialize(d, record("r", 1, "a"), record("r", 2, null));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).table()).isEqualTo(TableId.of("shop", "orders"));
        assertThat(rows.get(0).columns()).containsExactly("id", "born", "c");
        assertThat(rows.get(0).values())
                .containsExactly(1, java.time.LocalDate.of(1970, 1, 2), "a");
        assertThat(rows.get(1).values())
                .containsExactly(2, java.time.LocalDate.of(1970, 1, 2), null);
        // one column list per table, shared by its rows
        assertThat(rows.get(1).columns()).isSameAs(rows.get(0).columns());
    }

    @Test
    void anythingButASnapshotRowFailsLoudly() {
        assertThatThrownBy(() -> deserialize(new SnapshotRowDeserializer(), record("d", 1, "a")))
                .hasMessageContaining("operation 'd' on shop.orders");
    }

    @Test
    void aRecordWithoutARowImageIsSkipped() throws Exception {
        Schema other = SchemaBuilder.struct().field("ts", Schema.INT64_SCHEMA).build();
        SourceRecord heartbeat =
                new SourceRecord(
                        Map.of(),
                        Map.of(),
                        "__debezium-heartbeat.x",
                        null,
                        other,
                        new Struct(other).put("ts", 1L));
        assertThat(deserialize(new SnapshotRowDeserializer(), heartbeat)).isEmpty();
    }
}
