package dev.ferry.it.support;

import com.fasterxml.jackson.databind.JsonNode;

/** Where in the binlog a change envelope came from, for tests that check none arrives twice. */
public final class EnvelopePosition {
    private EnvelopePosition() {}

    /** file:pos:row:total_order of a binlog change's envelope: one value per binlog change. */
    public static String of(JsonNode envelope) {
        JsonNode source = envelope.get("source");
        return source.get("file").asText()
                + ":"
                + source.get("pos").asLong()
                + ":"
                + source.get("row").asInt()
                + ":"
                + envelope.get("transaction").get("total_order").asLong();
    }
}
