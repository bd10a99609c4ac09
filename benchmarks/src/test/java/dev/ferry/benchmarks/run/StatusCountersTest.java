package dev.ferry.benchmarks.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusCountersTest {
    @Test
    void aDeltaIsTheGrowthAndAMissingCounterCountsZero() {
        Map<String, Long> before = Map.of("Com_commit", 100L, "Questions", 5L);
        Map<String, Long> after = Map.of("Com_commit", 350L, "Com_insert", 40L);

        assertThat(StatusCounters.delta("Com_commit", before, after)).isEqualTo(250);
        assertThat(StatusCounters.delta("Com_insert", before, after)).isEqualTo(40);
        assertThat(StatusCounters.delta("Com_delete", before, after)).isZero();
    }
}
