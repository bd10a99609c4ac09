package dev.ferry.saga.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.saga.participant.StepResult;
import java.io.IOException;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;

/** Participants' answers on the feedback topic, as JSON (readable when debugging a saga). */
public final class StepResultSchema
        implements SerializationSchema<StepResult>, DeserializationSchema<StepResult> {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public byte[] serialize(StepResult result) {
        try {
            return JSON.writeValueAsBytes(result);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write step result " + result, e);
        }
    }

    @Override
    public StepResult deserialize(byte[] message) throws IOException {
        return JSON.readValue(message, StepResult.class);
    }

    @Override
    public boolean isEndOfStream(StepResult next) {
        return false;
    }

    @Override
    public TypeInformation<StepResult> getProducedType() {
        return TypeInformation.of(StepResult.class);
    }
}
