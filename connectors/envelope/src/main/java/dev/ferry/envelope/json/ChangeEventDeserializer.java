package dev.ferry.envelope.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TransactionInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON envelope written by {@link ChangeEventSerializer} (key and value) back into a
 * {@link ChangeEvent}. Fields it does not know are skipped, so newer envelopes stay readable.
 */
public final class ChangeEventDeserializer {
    /** Its own parse buffers rather than a thread-local's: see {@link SingleRecyclerPool}. */
    private final JsonFactory json =
            JsonFactory.builder().recyclerPool(new SingleRecyclerPool()).build();

    /**
     * Shared by every deserializer, as {@link TransactionEndJson}'s are: the apply parses on
     * several threads, and one table id per table lets its per-instance caches hold one entry per
     * table.
     */
    private static final SharedIdentifiers IDENTIFIERS = new SharedIdentifiers();

    /**
     * @param key the Kafka record key (the primary key as a JSON object)
     * @param value the Kafka record value (the envelope)
     */
    public ChangeEvent deserialize(byte[] key, byte[] value) {
        if (value == null) {
            throw new EnvelopeFormatException("record has no value (a tombstone?)");
        }
        if (key == null) {
            throw new EnvelopeFormatException(
                    "record has no key: the key must hold the primary key");
        }
        try {
            List<String> keyColumns = readKeyColumns(key);
            return readEnvelope(value, keyColumns);
        } catch (IOException | RuntimeException e) {
            if (e instanceof EnvelopeFormatException format) {
                throw format;
            }
            throw new EnvelopeFormatException("not a change envelope: " + e.getMessage(), e);
        }
    }

    private List<String> readKeyColumns(byte[] key) throws IOException {
        try (JsonParser parser = json.createParser(key)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT, "key");
            List<String> columns = new ArrayList<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                columns.add(parser.currentName());
                parser.nextToken();
                parser.skipChildren();
            }
            if (columns.isEmpty()) {
                throw new EnvelopeFormatException("record key names no primary-key column");
            }
            return IDENTIFIERS.keyColumns(columns);
        }
    }

    private ChangeEvent readEnvelope(byte[] value, List<String> keyColumns) throws IOException {
        try (JsonParser parser = json.createParser(value)) {
            expect(parser.nextToken(), JsonToken.START_OBJECT, "envelope");
            Map<String, Object> before = null;
            Map<String, Object> after = null;
            Operation operation = null;
            long captureTs = 0;
            SourceFields source = new SourceFields();
            TransactionInfo transaction = null;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken token = parser.nextToken();
                switch (field) {
                    case "before" -> before = readRow(parser, token);
                    case "after" -> after = readRow(parser, token);
                    case "op" -> operation = Operation.fromCode(parser.getText());
                    case "ts_ms" -> captureTs = parser.getLongValue();
                    case "source" -> source.read(parser, token);
                    case "transaction" -> transaction = readTransaction(parser, token);
                    default -> parser.skipChildren();
                }
            }
            if (operation == null) {
                throw new EnvelopeFormatException("envelope has no 'op' field");
            }
            if (source.database == null || source.table == null) {
                throw new EnvelopeFormatException("envelope has no source.db / source.table");
            }
            return ChangeEvent.of(
                    IDENTIFIERS.of(source.database, source.table),
                    operation,
                    before,
                    after,
                    keyColumns,
                    new ChangeEvent.Metadata(source.position(), transaction, captureTs));
        }
    }

    private static Map<String, Object> readRow(JsonParser parser, JsonToken token)
            throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(token, JsonToken.START_OBJECT, "row image");
        Map<String, Object> row = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String column = parser.currentName();
            row.put(column, readValue(parser, parser.nextToken(), column));
        }
        return row;
    }

    private static Object readValue(JsonParser parser, JsonToken token, String column)
            throws IOException {
        switch (token) {
            case VALUE_NULL:
                return null;
            case VALUE_STRING:
                return parser.getText();
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? parser.getBigIntegerValue()
                        : (Object) parser.getLongValue();
            case VALUE_NUMBER_FLOAT:
                return parser.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            default:
                throw new EnvelopeFormatException(
                        "column '" + column + "' holds " + token + ", not a scalar value");
        }
    }

    private static TransactionInfo readTransaction(JsonParser parser, JsonToken token)
            throws IOException {
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(token, JsonToken.START_OBJECT, "transaction");
        String id = null;
        long totalOrder = 0;
        long collectionOrder = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            parser.nextToken();
            switch (field) {
                case "id" -> id = parser.getText();
                case "total_order" -> totalOrder = parser.getLongValue();
                case "data_collection_order" -> collectionOrder = parser.getLongValue();
                default -> parser.skipChildren();
            }
        }
        return new TransactionInfo(id, totalOrder, collectionOrder);
    }

    private static void expect(JsonToken actual, JsonToken expected, String what) {
        if (actual != expected) {
            throw new EnvelopeFormatException(
                    what + " is not a JSON object (found " + actual + ")");
        }
    }

    /** The envelope's source block, read field by field. */
    private static final class SourceFields {
        String database;
        String table;
        String file = "";
        long position;
        int row;
        long serverId;
        long commitTs;
        boolean snapshot;

        void read(JsonParser parser, JsonToken token) throws IOException {
            expect(token, JsonToken.START_OBJECT, "source");
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (value == JsonToken.VALUE_NULL) {
                    continue;
                }
                switch (field) {
                    case "db" -> database = parser.getText();
                    case "table" -> table = parser.getText();
                    case "file" -> file = parser.getText();
                    case "pos" -> position = parser.getLongValue();
                    case "row" -> row = parser.getIntValue();
                    case "server_id" -> serverId = parser.getLongValue();
                    case "ts_ms" -> commitTs = parser.getLongValue();
                    case "snapshot" -> snapshot = !"false".equals(parser.getText());
                    default -> parser.skipChildren();
                }
            }
        }

        SourcePosition position() {
            return new SourcePosition(file, position, row, serverId, commitTs, snapshot);
        }
    }
}
