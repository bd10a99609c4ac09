package dev.ferry.saga.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.saga.model.SagaOutcome;
import org.junit.jupiter.api.Test;

class OutcomeJsonTest {
    @Test
    void anOutcomeReadsBackAsWritten() {
        SagaOutcome outcome = SagaOutcome.compensated("t-9", "step 02 failed: frozen", 1000, 2500);

        String json = OutcomeJson.write(outcome);

        assertThat(json)
                .isEqualTo(
                        "{\"gid\":\"t-9\",\"status\":\"COMPENSATED\",\"reason\":\"step 02 failed:"
                                + " frozen\",\"startedAt\":\"1970-01-01T00:00:01Z\","
                                + "\"finishedAt\":\"1970-01-01T00:00:02.500Z\"}");
        assertThat(OutcomeJson.read(json)).isEqualTo(outcome);
        assertThat(OutcomeJson.read(OutcomeJson.write(SagaOutcome.committed("c", 1, 2))).reason())
                .isNull();
    }
}
