package dev.ferry.benchmarks.funnel;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Reads the top-level {@code ts_ms} of a change envelope (docs/envelope.md): when the capture job's
 * CDC source turned the binlog event into a change record. The {@code ts_ms} inside {@code source}
 * is the upstream commit time and is skipped.
 */
public final class EnvelopeTimestamp {
    private static final JsonFactory JSON = new JsonFactory();

    private EnvelopeTimestamp() {}

    /** The capture time in epoch ms, or -1 when the value has no top-level ts_ms. */
    public static long captureMs(byte[] envelope) {
        try (JsonParser parser = JSON.createParser(envelope)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return -1;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals("ts_ms") && value == JsonToken.VALUE_NUMBER_INT) {
                    return parser.getLongValue();
                }
                parser.skipChildren();
            }
            return -1;
        } catch (IOException e) {
            throw new UncheckedIOException("not a JSON change envelope", e);
        }
    }
}
