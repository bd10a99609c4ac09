package dev.ferry.capture.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.cdc.connectors.mysql.source.metrics.MySqlSourceReaderMetrics;
import org.apache.flink.cdc.connectors.mysql.source.offset.BinlogOffset;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlBinlogSplit;
import org.apache.flink.cdc.connectors.mysql.source.split.MySqlBinlogSplitState;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Schema;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

/**
 * Hand-built records of the shapes Debezium 1.9 gives Flink CDC's emitter with {@code
 * provide.transaction.metadata}: row changes whose offsets carry {@code transaction_*} keys with
 * Long values, and the BEGIN/END records of its TransactionMonitor.
 */
public final class DebeziumRecords {
    private static final Schema ROW =
            SchemaBuilder.struct()
                    .name("db.t.Value")
                    .field("id", Schema.INT64_SCHEMA)
                    .optional()
                    .build();
    private static final Schema KEY =
            SchemaBuilder.struct().name("db.t.Key").field("id", Schema.INT64_SCHEMA).build();

    /** The {@code source} block of Debezium's MySQL change envelope, as far as ferry reads it. */
    public static final Schema SOURCE =
            SchemaBuilder.struct()
                    .field("db", Schema.STRING_SCHEMA)
                    .field("table", Schema.OPTIONAL_STRING_SCHEMA)
                    .field("file", Schema.STRING_SCHEMA)
                    .field("pos", Schema.INT64_SCHEMA)
                    .field("row", Schema.OPTIONAL_INT32_SCHEMA)
                    .field("server_id", Schema.INT64_SCHEMA)
                    .field("ts_ms", Schema.INT64_SCHEMA)
                    .field("snapshot", Schema.OPTIONAL_STRING_SCHEMA)
                    .build();

    private static final Schema ENVELOPE =
            SchemaBuilder.struct()
                    .name("db.t.Envelope")
                    .field("before", ROW)
                    .field("after", ROW)
                    .field("source", SOURCE)
                    .field("op", Schema.STRING_SCHEMA)
                    .field("ts_ms", Schema.OPTIONAL_INT64_SCHEMA)
                    .build();
    private static final Schema TRANSACTION_VALUE =
            SchemaBuilder.struct()
                    .name(TransactionBoundaryEmitter.TRANSACTION_VALUE_SCHEMA)
                    .field("status", Schema.STRING_SCHEMA)
                    .field("id", Schema.STRING_SCHEMA)
                    .field("event_count", Schema.OPTIONAL_INT64_SCHEMA)
                    .build();

    public static final String FILE = "mysql-bin.000002";

    private DebeziumRecords() {}

    /** The {@code event}-th change (1-based) of the transaction that starts at {@code pos}. */
    public static SourceRecord insert(long pos, long event, long id) {
        Map<String, Object> offset = offset(pos, event);
        offset.put("row", 1L);
        offset.put("transaction_id", "file=" + FILE + ",pos=" + pos);
        offset.put("transaction_data_collection_order_db.t", event);
        Struct source =
                new Struct(SOURCE)
                        .put("db", "db")
                        .put("table", "t")
                        .put("file", FILE)
                        .put("pos", pos + 100 * event)
                        .put("row", 0)
                        .put("server_id", 1L)
                        .put("ts_ms", 1_700_000_000_000L + event)
                        .put("snapshot", "false");
        Struct value =
                new Struct(ENVELOPE)
                        .put("after", new Struct(ROW).put("id", id))
                        .put("source", source)
                        .put("op", "c")
                        .put("ts_ms", 1_700_000_000_500L);
        return new SourceRecord(
                Map.of("server", "s"),
                offset,
                "s.db.t",
                null,
                KEY,
                new Struct(KEY).put("id", id),
                ENVELOPE,
                value);
    }

    /** Debezium's BEGIN or END of the transaction that starts at {@code pos}. */
    public static SourceRecord transaction(String status, long pos, long event) {
        Struct value =
                new Struct(TRANSACTION_VALUE)
                        .put("status", status)
                        .put("id", "file=" + FILE + ",pos=" + pos)
                        .put("event_count", event);
        return new SourceRecord(
                Map.of("server", "s"),
                offset(pos, event),
                "s.transaction",
                null,
                null,
                null,
                TRANSACTION_VALUE,
                value);
    }

    private static Map<String, Object> offset(long pos, long event) {
        Map<String, Object> offset = new HashMap<>();
        offset.put("file", FILE);
        offset.put("pos", pos);
        offset.put("event", event);
        offset.put("server_id", 1L);
        return offset;
    }

    public static MySqlBinlogSplitState binlogSplit(BinlogOffset start) {
        return new MySqlBinlogSplitState(
                new MySqlBinlogSplit(
                        "binlog-split",
                        start,
                        BinlogOffset.ofNonStopping(),
                        List.of(),
                        Map.of(),
                        0));
    }

    public static MySqlSourceReaderMetrics metrics() {
        return new MySqlSourceReaderMetrics(new UnregisteredMetricsGroup());
    }

    /** Collects what an emitter outputs. */
    public static final class Output<T> implements SourceOutput<T> {
        public final List<T> records = new ArrayList<>();

        @Override
        public void collect(T record) {
            records.add(record);
        }

        @Override
        public void collect(T record, long timestamp) {
            records.add(record);
        }

        @Override
        public void emitWatermark(Watermark watermark) {}

        @Override
        public void markIdle() {}

        @Override
        public void markActive() {}
    }
}
