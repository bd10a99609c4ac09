package dev.ferry.envelope.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import java.io.IOException;
import java.util.Locale;

/**
 * The {@code schema_change} block of a DDL statement's END record on the transaction topic
 * (docs/envelope.md): {@code {"kind":…,"ddl":…,"table":"db.t","previous_table":…,"definition":…}},
 * the definition in the schema topic's form. DDL is rare, so this uses Jackson's tree model.
 */
public final class SchemaChangeJson {
    static final String FIELD = "schema_change";

    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private SchemaChangeJson() {}

    static ObjectNode toTree(SchemaChange change) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("kind", change.kind().name().toLowerCase(Locale.ROOT));
        node.put("ddl", change.ddl());
        node.put("table", change.table().qualifiedName());
        node.put(
                "previous_table",
                change.previousTable() == null ? null : change.previousTable().qualifiedName());
        node.set(
                "definition",
                change.definition() == null ? null : MAPPER.valueToTree(change.definition()));
        return node;
    }

    /** The schema change of a whole transaction-topic record, null when it has none. */
    static SchemaChange fromRecord(byte[] value) {
        try {
            JsonNode node = MAPPER.readTree(value).get(FIELD);
            if (node == null || node.isNull()) {
                return null;
            }
            JsonNode previous = node.get("previous_table");
            JsonNode definition = node.get("definition");
            return new SchemaChange(
                    SchemaChange.Kind.valueOf(text(node, "kind").toUpperCase(Locale.ROOT)),
                    text(node, "ddl"),
                    TableId.parse(text(node, "table")),
                    previous == null || previous.isNull() ? null : TableId.parse(previous.asText()),
                    definition == null || definition.isNull()
                            ? null
                            : MAPPER.treeToValue(definition, TableSchema.class));
        } catch (IOException | IllegalArgumentException | NullPointerException e) {
            throw new EnvelopeFormatException("bad schema_change block: " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("'" + field + "' is missing");
        }
        return value.asText();
    }

    /** Writes {@code change} as the value of the current field of {@code out}. */
    static void write(com.fasterxml.jackson.core.JsonGenerator out, SchemaChange change)
            throws IOException {
        out.writeFieldName(FIELD);
        out.writeRawValue(MAPPER.writeValueAsString(toTree(change)));
    }
}
