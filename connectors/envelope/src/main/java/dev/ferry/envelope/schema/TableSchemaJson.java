package dev.ferry.envelope.schema;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.io.UncheckedIOException;

/** The JSON form of a {@link TableSchema} on the schema topic (snake_case field names). */
public final class TableSchemaJson {
    private static final ObjectMapper MAPPER =
            new ObjectMapper()
                    .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private TableSchemaJson() {}

    public static byte[] toJson(TableSchema schema) {
        try {
            return MAPPER.writeValueAsBytes(schema);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static TableSchema fromJson(byte[] json) {
        try {
            return MAPPER.readValue(json, TableSchema.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("not a table schema record: " + e.getMessage(), e);
        }
    }
}
