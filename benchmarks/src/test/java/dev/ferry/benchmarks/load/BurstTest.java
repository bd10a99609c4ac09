package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BurstTest {
    @Test
    void aPipelineCaughtUpWithinAnIntervalAndOneAndAHalfSecondsKeptUp() {
        // 10 s burst of 10,000 transactions, caught up 3.4 s after it, interval 2 s
        Burst burst = Burst.of(1000, 10_000, 0, 10_000, 13_400, 2);
        assertThat(burst.keptUp()).isTrue();
        assertThat(burst.tailSeconds()).isEqualTo(3.4, within(1e-9));
        assertThat(burst.baseTps()).isEqualTo(1000);
    }

    @Test
    void aPipelineThatFellBehindIsLimitedToItsDrainRate() {
        Burst burst = Burst.of(1000, 10_000, 0, 10_000, 20_000, 2);
        assertThat(burst.keptUp()).isFalse();
        assertThat(burst.drainTps()).isEqualTo(500, within(1e-9));
        assertThat(burst.baseTps()).isEqualTo(500, within(1e-9));
    }

    @Test
    void aShorterIntervalLeavesLessTail() {
        assertThat(Burst.of(1000, 10_000, 0, 10_000, 12_000, 0.25).keptUp()).isFalse();
        assertThat(Burst.of(1000, 10_000, 0, 10_000, 11_750, 0.25).keptUp()).isTrue();
    }

    @Test
    void levelRatesRoundHalfUpAndAreAtLeastOne() {
        assertThat(Burst.levelRate(992, 25)).isEqualTo(248);
        assertThat(Burst.levelRate(1091, 50)).isEqualTo(546); // 545.5 rounds up
        assertThat(Burst.levelRate(992, 100)).isEqualTo(992);
        assertThat(Burst.levelRate(2, 1)).isEqualTo(1);
    }
}
