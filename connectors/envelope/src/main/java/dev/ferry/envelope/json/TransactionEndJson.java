package dev.ferry.envelope.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes and reads the record of the transaction topic (docs/envelope.md), shaped like Debezium's
 * transaction metadata: {@code {"status":"END","id":…,"event_count":…,"data_collections":[…]}} plus
 * the transaction's binlog start position; a DDL statement's END adds its {@code schema_change}.
 */
public final class TransactionEndJson {
    /**
     * One set of buffers rather than a thread-local's (see {@link SingleRecyclerPool}): the apply
     * reads END records on one thread; a writer that finds the buffers taken gets fresh ones.
     */
    private static final JsonFactory JSON =
            JsonFactory.builder().recyclerPool(new SingleRecyclerPool()).build();

    private static final int MAX_SHARED = 4096;

    /**
     * Table ids and binlog file names already parsed: every END record names the same few, and an
     * apply holds many END records at once (they run ahead of the changes), so they share one copy.
     * Each map is cleared when it grows past {@link #MAX_SHARED} names.
     */
    private static final SharedValues<String, TableId> TABLES = new SharedValues<>(MAX_SHARED);

    private static final SharedValues<String, String> FILES = new SharedValues<>(MAX_SHARED);

    private TransactionEndJson() {}

    /** The Kafka record value for {@code end}. */
    public static byte[] serialize(TransactionEnd end) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (JsonGenerator out = JSON.createGenerator(bytes)) {
            out.writeStartObject();
            out.writeStringField("status", "END");
            out.writeStringField("id", end.id());
            out.writeNumberField("ts_ms", end.commitTimestampMs());
            out.writeNumberField("event_count", end.eventCount());
            out.writeArrayFieldStart("data_collections");
            for (Map.Entry<TableId, Long> table :
                    new TreeMap<>(end.eventCountByTable()).entrySet()) {
                out.writeStartObject();
                out.writeStringField("data_collection", table.getKey().qualifiedName());
                out.writeNumberField("event_count", table.getValue());
                out.writeEndObject();
            }
            out.writeEndArray();
            out.writeObjectFieldStart("source");
            out.writeStringField("file", end.file());
            out.writeNumberField("pos", end.position());
            out.writeEndObject();
            if (end.schemaChange() != null) {
                SchemaChangeJson.write(out, end.schemaChange());
            }
            out.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Reads a transaction topic record; unknown fields are skipped. */
    public static TransactionEnd parse(byte[] value) {
        try (JsonParser in = JSON.createParser(value)) {
            if (in.nextToken() != JsonToken.START_OBJECT) {
                throw new EnvelopeFormatException("transaction record is not a JSON object");
            }
            String status = null;
            String id = null;
            String file = null;
            long position = -1;
            long timestamp = 0;
            long eventCount = -1;
            Map<TableId, Long> byTable = new TreeMap<>();
            boolean schemaChange = false;
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String field = in.currentName();
                JsonToken token = in.nextToken();
                switch (field) {
                    case "status" -> status = in.getText();
                    case "id" -> id = in.getText();
                    case "ts_ms" -> timestamp = in.getLongValue();
                    case "event_count" -> eventCount = in.getLongValue();
                    case "data_collections" -> readCollections(in, token, byTable);
                    case "source" -> {
                        while (in.nextToken() == JsonToken.FIELD_NAME) {
                            String name = in.currentName();
                            in.nextToken();
                            if (name.equals("file")) {
                                file = FILES.get(in.getText(), text -> text);
                            } else if (name.equals("pos")) {
                                position = in.getLongValue();
                            } else {
                                in.skipChildren();
                            }
                        }
                    }
                    case SchemaChangeJson.FIELD -> {
                        schemaChange = token != JsonToken.VALUE_NULL;
                        in.skipChildren();
                    }
                    default -> in.skipChildren();
                }
            }
            if (!"END".equals(status)
                    || id == null
                    || file == null
                    || position < 0
                    || eventCount < 0) {
                throw new EnvelopeFormatException(
                        "transaction record lacks status END, id, event_count or source"
                                + " file/pos");
            }
            return new TransactionEnd(
                    id,
                    file,
                    position,
                    timestamp,
                    eventCount,
                    byTable,
                    // A DDL's END, rare: read again with the tree model.
                    schemaChange ? SchemaChangeJson.fromRecord(value) : null);
        } catch (IOException e) {
            throw new EnvelopeFormatException("not a transaction record: " + e.getMessage(), e);
        }
    }

    private static void readCollections(JsonParser in, JsonToken token, Map<TableId, Long> byTable)
            throws IOException {
        if (token != JsonToken.START_ARRAY) {
            in.skipChildren();
            return;
        }
        while (in.nextToken() == JsonToken.START_OBJECT) {
            String table = null;
            long count = 0;
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String name = in.currentName();
                in.nextToken();
                if (name.equals("data_collection")) {
                    table = in.getText();
                } else if (name.equals("event_count")) {
                    count = in.getLongValue();
                } else {
                    in.skipChildren();
                }
            }
            if (table != null) {
                byTable.put(TABLES.get(table, TableId::parse), count);
            }
        }
    }
}
