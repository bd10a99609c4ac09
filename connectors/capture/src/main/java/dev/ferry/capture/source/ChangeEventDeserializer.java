package dev.ferry.capture.source;

import dev.ferry.capture.filter.ChangeFilter;
import dev.ferry.capture.route.Route;
import dev.ferry.capture.route.TableRouter;
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
 * for every snapshot row. Binlog changes are numbered by a {@link TransactionTracker}, which the
 * {@link TransactionBoundaryEmitter} shares to emit transaction ENDs and checkpoint the numbering.
 */
public final class ChangeEventDeserializer implements DebeziumDeserializationSchema<CaptureRecord> {
    private static final long serialVersionUID = 1L;

    /** Debezium builds one Schema object per table version, so identity is the right key. */
    private transient Map<Schema, RowReader> rowReaders;

    private transient Map<Schema, List<String>> keyColumnsBySchema;

    /** Shared with the emitter, which lives in the same task; never serialized. */
    private transient TransactionTracker transactions;

    private transient Map<Schema, EnvelopeFields> envelopeFields;

    /** Shared with the emitter like the tracker; null where DDL is not read (unit tests). */
    private transient SchemaChangeReader schemaChanges;

    /** What replicates of each change (filter.* options). */
    private transient ChangeFilter filter = ChangeFilter.none();

    /** Where each table's changes go (route.* options). */
    private transient TableRouter router = TableRouter.none();

    public ChangeEventDeserializer() {}

    ChangeEventDeserializer(TransactionTracker transactions) {
        this.transactions = transactions;
    }

    ChangeEventDeserializer(TransactionTracker transactions, SchemaChangeReader schemaChanges) {
        this.transactions = transactions;
        this.schemaChanges = schemaChanges;
    }

    ChangeEventDeserializer(
            TransactionTracker transactions,
            SchemaChangeReader schemaChanges,
            ChangeFilter filter,
            TableRouter router) {
        this(transactions, schemaChanges);
        this.filter = filter;
        this.router = router;
    }

    @Override
    public void deserialize(SourceRecord record, Collector<CaptureRecord> out) {
        Struct value = (Struct) record.value();
        if (value == null) {
            return; // tombstone
        }
        EnvelopeFields fields = envelopeFields(value.schema());
        if (fields == null && schemaChanges != null && SchemaChangeReader.isSchemaChange(record)) {
            schemaChanges.read(record, out);
            return;
        }
        if (fields == null) {
            return; // not a row change (no 'op' field)
        }
        Operation operation = operationOf((String) value.get(fields.op));
        if (operation == null) {
            return; // truncate and message events are not replicated
        }
        Struct source = (Struct) value.get(fields.source);
        TableId table =
                TableId.of((String) source.get(fields.db), (String) source.get(fields.table));
        Map<String, Object> before = readRow((Struct) value.get(fields.before));
        Map<String, Object> after = readRow((Struct) value.get(fields.after));
        // Filters run before the change is numbered: the END counts only what Kafka carries.
        ChangeFilter.Kept kept = filter.apply(table, operation, before, after);
        if (kept == null) {
            return;
        }
        // Routed: the target table is what the transaction counts and Kafka carries.
        Route route = router.routeOf(table);
        SourcePosition position = position(source, fields, operation);
        ChangeEvent.Metadata metadata =
                new ChangeEvent.Metadata(
                        position,
                        operation == Operation.READ
                                ? null
                                : transaction(record, route.target(), position.commitTimestampMs()),
                        timestamp(fields.timestamp == null ? null : value.get(fields.timestamp)));
        List<String> keyColumns = keyColumns(record.keySchema(), table);
        out.collect(
                new CaptureRecord.Change(
                        ChangeEvent.of(
                                route.target(),
                                kept.operation(),
                                route.row(kept.before()),
                                route.row(kept.after()),
                                route.keyColumns(keyColumns),
                                metadata),
                        table));
    }

    /** The envelope's fields, looked up once per schema: by name they cost a map lookup each. */
    private EnvelopeFields envelopeFields(Schema valueSchema) {
        if (envelopeFields == null) {
            envelopeFields = new IdentityHashMap<>();
        }
        return envelopeFields.computeIfAbsent(valueSchema, EnvelopeFields::of);
    }

    @Override
    public TypeInformation<CaptureRecord> getProducedType() {
        return TypeInformation.of(CaptureRecord.class);
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

    private Map<String, Object> readRow(Struct row) {
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

    private static SourcePosition position(
            Struct source, EnvelopeFields fields, Operation operation) {
        String snapshot = fields.snapshot == null ? null : (String) source.get(fields.snapshot);
        boolean isSnapshot =
                operation == Operation.READ || (snapshot != null && !"false".equals(snapshot));
        return new SourcePosition(
                (String) source.get(fields.file),
                longOf(source.get(fields.position)),
                (int) longOf(fields.row == null ? null : source.get(fields.row)),
                longOf(fields.serverId == null ? null : source.get(fields.serverId)),
                longOf(fields.commitTimestamp == null ? null : source.get(fields.commitTimestamp)),
                isSnapshot);
    }

    private TransactionInfo transaction(SourceRecord record, TableId table, long timestampMs) {
        if (transactions == null) {
            transactions = new TransactionTracker();
        }
        return transactions.next(record.sourceOffset(), table, timestampMs);
    }

    private static long timestamp(Object ts) {
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

    /** The fields of a Debezium envelope and of its source block, resolved once per schema. */
    private record EnvelopeFields(
            Field op,
            Field before,
            Field after,
            Field source,
            Field timestamp,
            Field db,
            Field table,
            Field file,
            Field position,
            Field row,
            Field serverId,
            Field commitTimestamp,
            Field snapshot) {

        /** Null when the schema is not a row-change envelope. */
        static EnvelopeFields of(Schema envelope) {
            Field op = envelope.field("op");
            Field source = envelope.field("source");
            if (op == null || source == null) {
                return null;
            }
            Schema block = source.schema();
            return new EnvelopeFields(
                    op,
                    envelope.field("before"),
                    envelope.field("after"),
                    source,
                    envelope.field("ts_ms"),
                    block.field("db"),
                    block.field("table"),
                    block.field("file"),
                    block.field("pos"),
                    block.field("row"),
                    block.field("server_id"),
                    block.field("ts_ms"),
                    block.field("snapshot"));
        }
    }
}
