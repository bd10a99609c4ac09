package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EnvelopeTimestampTest {
    private static long of(String json) {
        return EnvelopeTimestamp.captureMs(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void takesTheTopLevelTimestampNotTheSourceCommitTime() {
        assertThat(
                        of(
                                "{\"before\":null,\"after\":{\"id\":7,\"ts_ms\":5},"
                                        + "\"source\":{\"ts_ms\":1732180000000,\"db\":\"shop\"},"
                                        + "\"op\":\"c\",\"ts_ms\":1732180000412,\"transaction\":null}"))
                .isEqualTo(1732180000412L);
    }

    @Test
    void isMinusOneWithoutATopLevelTimestamp() {
        assertThat(of("{\"source\":{\"ts_ms\":1}}")).isEqualTo(-1);
        assertThat(of("[1,2]")).isEqualTo(-1);
    }
}
