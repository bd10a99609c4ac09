package dev.ferry.saga.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    @Test
    void backoffDoublesUpToItsCap() {
        RetryPolicy policy = new RetryPolicy(5, Duration.ofMillis(100), Duration.ofMillis(500), 0);

        assertThat(policy.backoffMillis(1)).isEqualTo(100);
        assertThat(policy.backoffMillis(2)).isEqualTo(200);
        assertThat(policy.backoffMillis(3)).isEqualTo(400);
        assertThat(policy.backoffMillis(4)).isEqualTo(500);
        assertThat(policy.backoffMillis(40)).isEqualTo(500);
    }

    @Test
    void zeroCompensationAttemptsMeansNeverGiveUp() {
        assertThat(
                        new RetryPolicy(1, Duration.ZERO, Duration.ZERO, 0)
                                .compensationGivesUpAfter(1000))
                .isFalse();
        assertThat(new RetryPolicy(1, Duration.ZERO, Duration.ZERO, 3).compensationGivesUpAfter(3))
                .isTrue();
    }
}
