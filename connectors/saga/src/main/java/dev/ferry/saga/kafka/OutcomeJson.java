package dev.ferry.saga.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ferry.saga.model.SagaOutcome;
import dev.ferry.saga.model.SagaStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import org.apache.flink.api.java.tuple.Tuple2;

/**
 * The JSON form of an outcome on the results topic: {@code {"gid", "status", "reason", "startedAt",
 * "finishedAt"}}, times in ISO-8601 UTC, the global id also the record key.
 */
public final class OutcomeJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private OutcomeJson() {}

    public static String write(SagaOutcome outcome) {
        ObjectNode node = JSON.createObjectNode();
        node.put("gid", outcome.gid());
        node.put("status", outcome.status().name());
        if (outcome.reason() == null) {
            node.putNull("reason");
        } else {
            node.put("reason", outcome.reason());
        }
        node.put("startedAt", Instant.ofEpochMilli(outcome.startedAt()).toString());
        node.put("finishedAt", Instant.ofEpochMilli(outcome.finishedAt()).toString());
        return node.toString();
    }

    /** (key, value) of the record for {@code outcome}. */
    public static Tuple2<String, String> record(SagaOutcome outcome) {
        return Tuple2.of(outcome.gid(), write(outcome));
    }

    public static SagaOutcome read(String json) {
        try {
            JsonNode node = JSON.readTree(json);
            return new SagaOutcome(
                    node.get("gid").asText(),
                    SagaStatus.valueOf(node.get("status").asText()),
                    node.hasNonNull("reason") ? node.get("reason").asText() : null,
                    Instant.parse(node.get("startedAt").asText()).toEpochMilli(),
                    Instant.parse(node.get("finishedAt").asText()).toEpochMilli());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
