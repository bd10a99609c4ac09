package dev.ferry.benchmarks.direct;

import dev.ferry.envelope.TableId;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Field;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Schema;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.data.Struct;
import org.apache.flink.cdc.connectors.shaded.org.apache.kafka.connect.source.SourceRecord;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.util.Collector;

/**
 * Takes the row image out of each snapshot record of Flink CDC's MySQL source: no envelope, no
 * JSON, only the values of the {@code after} struct in column order. Per table the field list is
 * worked out once, keyed by the value schema's identity (Debezium builds one schema per table
 * version).
 */
public final class SnapshotRowDeserializer implements DebeziumDeserializationSchema<SnapshotRow> {
    private static final long serialVersionUID = 1L;

    /** What one table's records need: where its row image is and how to read its columns. */
    private record Layout(
            TableId table, Field after, Field[] fields, String[] logical, List<String> columns) {}

    private transient Map<Schema, Layout> layouts;

    @Override
    public void deserialize(SourceRecord record, Collector<SnapshotRow> out) {
        if (!(record.value() instanceof Struct value)) {
            return; // a tombstone or a heartbeat: no row
        }
        Layout layout = layout(record.topic(), value.schema());
        if (layout == null) {
            return; // not a row change (the snapshot emits only rows; nothing else is expected)
        }
        Object op = value.get("op");
        if (!"r".equals(op) && !"c".equals(op)) {
            throw new IllegalStateException(
                    "the direct import expects only snapshot rows, got operation '"
                            + op
                            + "' on "
                            + layout.table());
        }
        Struct after = (Struct) value.get(layout.after());
        Object[] values = new Object[layout.fields().length];
        for (int i = 0; i < values.length; i++) {
            values[i] = DebeziumValues.bindable(layout.logical()[i], after.get(layout.fields()[i]));
        }
        out.collect(new SnapshotRow(layout.table(), layout.columns(), values));
    }

    private Layout layout(String topic, Schema schema) {
        if (layouts == null) {
            layouts = new IdentityHashMap<>();
        }
        Layout known = layouts.get(schema);
        if (known != null || layouts.containsKey(schema)) {
            return known;
        }
        Field after = schema.field("after");
        Layout layout = null;
        if (after != null && schema.field("op") != null) {
            List<Field> fields = after.schema().fields();
            List<String> columns = new ArrayList<>(fields.size());
            String[] logical = new String[fields.size()];
            for (int i = 0; i < fields.size(); i++) {
                columns.add(fields.get(i).name());
                logical[i] = fields.get(i).schema().name();
            }
            layout =
                    new Layout(
                            tableOf(topic),
                            after,
                            fields.toArray(new Field[0]),
                            logical,
                            List.copyOf(columns));
        }
        layouts.put(schema, layout);
        return layout;
    }

    /** Debezium's topic of a table is "server.database.table". */
    static TableId tableOf(String topic) {
        int last = topic.lastIndexOf('.');
        int first = topic.lastIndexOf('.', last - 1);
        if (first < 0 || last < 0) {
            throw new IllegalArgumentException("not a Debezium table topic: " + topic);
        }
        return TableId.of(topic.substring(first + 1, last), topic.substring(last + 1));
    }

    @Override
    public TypeInformation<SnapshotRow> getProducedType() {
        return TypeInformation.of(SnapshotRow.class);
    }
}
