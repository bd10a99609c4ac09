package dev.ferry.benchmarks.heartbeat;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DelayStatsTest {

    @Test
    void percentilesAreNearestRank() {
        double[] delays = new double[100];
        for (int i = 0; i < 100; i++) {
            delays[i] = 100 - i; // 100 .. 1, unsorted on purpose
        }

        assertThat(DelayStats.line(120, delays))
                .isEqualTo("sent=120 arrived=100 p50_ms=50.0 p95_ms=95.0 p99_ms=99.0 max_ms=100.0");
    }

    @Test
    void noArrivalsGiveZeros() {
        assertThat(DelayStats.line(3, new double[0]))
                .isEqualTo("sent=3 arrived=0 p50_ms=0.0 p95_ms=0.0 p99_ms=0.0 max_ms=0.0");
    }
}
