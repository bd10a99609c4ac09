package dev.ferry.capture.source;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionInfo;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
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
 * Turns the Debezium records that Flink CDC's MySQL source emits into {@link ChangeEvent}s. The
 * per-column converters are built once per table schema and reused for every row, because this runs
 * for every snapshot row.
 */
public final class ChangeEventDeserializer implements DebeziumDeserializationSchema<ChangeEvent> {
    private static final long serialVersionUID = 1L;

    /** Debezium builds one Schema object per table version, so identity is the right key. */
    private transient Map<Schema, RowReader> rowReaders;

    private transient Map<Schema, List<String>> keyColumnsBySchema;

    private transient TransactionTracker transactions;

    @Override
    public void deserialize(SourceRecord record, Collector<ChangeEvent> out) {
        Struct value = (Struct) record.value();
        if (value == null || record.valueSchema().field("op") == null) {
            return; // tombstones and non-row records carry no row change
        }
        Operation operation = operationOf(value.getString("op"));
        if (operation == null) {
            return; // truncate and message events are not replicated
        }
        Struct source = value.getStruct("source");
        TableId table = TableId.of(source.getString("db"), source.getString("table"));
        ChangeEvent.Metadata metadata =
                new ChangeEvent.Metadata(
                        position(source, operation),
                        operation == Operation.READ ? null : transaction(record, table),
                        timestamp(value));
        List<String> keyColumns = keyColumns(record.keySchema(), table);
        Map<String, Object> before = readRow(value, "before");
        Map<String, Object> after = readRow(value, "after");
        out.collect(ChangeEvent.of(table, operation, before, after, keyColumns, metadata));
    }

    @Override
    public TypeInformation<ChangeEvent> getProducedType() {
        return TypeInformation.of(ChangeEvent.class);
    }

    private static Operation operationOf(String code) {
        switch (code) {
            case "r":
            case "c":
            case "u":
            case "d":
                return Operation.fromCode(code);
            default:
                return null;
        }
    }

    private Map<String, Object> readRow(Struct value, String image) {
        Struct row = value.getStruct(image);
        if (row == null) {
            return null;
        }
        if (rowReaders == null) {
            rowReaders = new IdentityHashMap<>();
        }
        return rowReaders.computeIfAbsent(row.schema(), RowReader::new).read(row);
    }

    private List<String> keyColumns(Schema keySchema, TableId table) {
        if (keySchema == null) {
            throw new UnsupportedColumnTypeException(
                    "table " + table + " has no primary key; ferry needs one to apply changes");
        }
        if (keyColumnsBySchema == null) {
            keyColumnsBySchema = new IdentityHashMap<>();
        }
        return keyColumnsBySchema.computeIfAbsent(
                keySchema, schema -> schema.fields().stream().map(Field::name).toList());
    }

    private static SourcePosition position(Struct source, Operation operation) {
        String snapshot = (String) source.get("snapshot");
        boolean isSnapshot =
                operation == Operation.READ || (snapshot != null && !"false".equals(snapshot));
        return new SourcePosition(
                (String) source.get("file"),
                longOf(source.get("pos")),
                (int) longOf(source.get("row")),
                longOf(source.get("server_id")),
                longOf(source.get("ts_ms")),
                isSnapshot);
    }

    private TransactionInfo transaction(SourceRecord record, TableId table) {
        if (transactions == null) {
            transactions = new TransactionTracker();
        }
        return transactions.next(record.sourceOffset(), table);
    }

    private static long timestamp(Struct value) {
        Object ts = value.get("ts_ms");
        return ts == null ? System.currentTimeMillis() : longOf(ts);
    }

    private static long longOf(Object number) {
        return number == null ? 0 : ((Number) number).longValue();
    }

    /** Reads a row Struct of one schema into a column map with envelope values. */
    private static final class RowReader {
        private final List<Field> fields;
        private final List<ValueConverter> converters;

        RowReader(Schema schema) {
            this.fields = schema.fields();
            this.converters = new ArrayList<>(fields.size());
            for (Field field : fields) {
                converters.add(ValueConverter.forSchema(field.schema()));
            }
        }

        Map<String, Object> read(Struct row) {
            Map<String, Object> columns = new LinkedHashMap<>(fields.size() * 2);
            for (int i = 0; i < fields.size(); i++) {
                Field field = fields.get(i);
                Object raw = row.get(field);
                columns.put(field.name(), raw == null ? null : converters.get(i).convert(raw));
            }
            return columns;
        }
    }
}
