package dev.ferry.envelope.json;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TransactionInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Base64;
import java.util.Map;

/**
 * Writes a {@link ChangeEvent} as the Debezium-compatible JSON envelope of docs/envelope.md: the
 * Kafka record value, and the primary key as the Kafka record key.
 */
public final class ChangeEventSerializer {
    /** Written into {@code source.connector}, as Debezium does. */
    public static final String CONNECTOR = "mysql";

    private static final JsonFactory JSON = new JsonFactory();

    private final String serverName;

    /**
     * @param serverName the logical server name written to {@code source.name}.
     */
    public ChangeEventSerializer(String serverName) {
        this.serverName = serverName;
    }

    /** The Kafka record key: the primary-key columns and values, as a JSON object. */
    public byte[] serializeKey(ChangeEvent event) {
        return write(generator -> writeRow(generator, event.key()));
    }

    /** The Kafka record value: the full envelope. */
    public byte[] serializeValue(ChangeEvent event) {
        return write(generator -> writeEnvelope(generator, event));
    }

    private void writeEnvelope(JsonGenerator out, ChangeEvent event) throws IOException {
        out.writeStartObject();
        out.writeFieldName("before");
        writeRow(out, event.before());
        out.writeFieldName("after");
        writeRow(out, event.after());
        out.writeFieldName("source");
        writeSource(out, event);
        out.writeStringField("op", event.operation().code());
        out.writeNumberField("ts_ms", event.captureTimestampMs());
        out.writeFieldName("transaction");
        writeTransaction(out, event.transaction());
        out.writeEndObject();
    }

    private void writeSource(JsonGenerator out, ChangeEvent event) throws IOException {
        SourcePosition source = event.source();
        out.writeStartObject();
        out.writeStringField("version", "ferry-1");
        out.writeStringField("connector", CONNECTOR);
        out.writeStringField("name", serverName);
        out.writeNumberField("ts_ms", source.commitTimestampMs());
        out.writeStringField("snapshot", Boolean.toString(source.snapshot()));
        out.writeStringField("db", event.table().database());
        out.writeStringField("table", event.table().table());
        out.writeNumberField("server_id", source.serverId());
        out.writeStringField("file", source.binlogFile());
        out.writeNumberField("pos", source.binlogPosition());
        out.writeNumberField("row", source.row());
        out.writeEndObject();
    }

    private static void writeTransaction(JsonGenerator out, TransactionInfo transaction)
            throws IOException {
        if (transaction == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        out.writeStringField("id", transaction.id());
        out.writeNumberField("total_order", transaction.totalOrder());
        out.writeNumberField("data_collection_order", transaction.dataCollectionOrder());
        out.writeEndObject();
    }

    private static void writeRow(JsonGenerator out, Map<String, Object> row) throws IOException {
        if (row == null) {
            out.writeNull();
            return;
        }
        out.writeStartObject();
        for (Map.Entry<String, Object> column : row.entrySet()) {
            out.writeFieldName(column.getKey());
            writeValue(out, column.getValue());
        }
        out.writeEndObject();
    }

    private static void writeValue(JsonGenerator out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else if (value instanceof String text) {
            out.writeString(text);
        } else if (value instanceof Long number) {
            out.writeNumber(number);
        } else if (value instanceof Integer number) {
            out.writeNumber(number);
        } else if (value instanceof BigDecimal decimal) {
            // A string keeps every digit and scale for any reader (Flink's json format accepts it).
            out.writeString(decimal.toPlainString());
        } else if (value instanceof BigInteger number) {
            out.writeNumber(number);
        } else if (value instanceof Double number) {
            out.writeNumber(number);
        } else if (value instanceof Float number) {
            out.writeNumber(number);
        } else if (value instanceof Boolean flag) {
            out.writeBoolean(flag);
        } else if (value instanceof byte[] bytes) {
            out.writeString(Base64.getEncoder().encodeToString(bytes));
        } else if (value instanceof Short number) {
            out.writeNumber(number);
        } else {
            throw new IllegalArgumentException(
                    "value of type " + value.getClass().getName() + " has no envelope form");
        }
    }

    private interface Body {
        void write(JsonGenerator generator) throws IOException;
    }

    private static byte[] write(Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = JSON.createGenerator(bytes, JsonEncoding.UTF8)) {
            body.write(generator);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
