package dev.ferry.benchmarks.heartbeat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PooledDelaysTest {

    @Test
    void percentilesAreTakenOverEveryRunTogether() {
        List<String> first = new ArrayList<>();
        List<String> second = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            first.add(i + ".0"); // 1 .. 50: this run's own p99 would be 50
            second.add((50 + i) + ".0"); // 51 .. 100
        }
        List<String> both = new ArrayList<>(first);
        both.addAll(second);

        assertThat(PooledDelays.pooled(both))
                .isEqualTo("sent=100 arrived=100 p50_ms=50.0 p95_ms=95.0 p99_ms=99.0 max_ms=100.0");
    }

    @Test
    void lostHeartbeatsCountAsSentButNotArrived() {
        assertThat(PooledDelays.pooled(List.of("7.5", "lost", "", "2.5")))
                .isEqualTo("sent=3 arrived=2 p50_ms=2.5 p95_ms=7.5 p99_ms=7.5 max_ms=7.5");
    }
}
