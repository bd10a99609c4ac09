package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeartbeatsTest {
    @Test
    void percentilesAreNearestRankOverTheArrivedOnes() {
        Heartbeats beats =
                new Heartbeats(11, List.of(10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0));
        assertThat(beats.arrived()).isEqualTo(10);
        assertThat(beats.percentile(0.5)).isEqualTo(5);
        assertThat(beats.percentile(0.95)).isEqualTo(10);
        assertThat(beats.percentile(1.0)).isEqualTo(10);
    }

    @Test
    void poolingTakesEveryRoundsHeartbeatsTogether() {
        Heartbeats pooled =
                Heartbeats.NONE
                        .pool(new Heartbeats(2, List.of(100.0, 200.0)))
                        .pool(new Heartbeats(3, List.of(1000.0, 1100.0)));
        assertThat(pooled.sent()).isEqualTo(5);
        assertThat(pooled.arrived()).isEqualTo(4);
        assertThat(pooled.percentile(0.5)).isEqualTo(200);
        assertThat(pooled.percentile(0.99)).isEqualTo(1100);
    }

    @Test
    void noHeartbeatsAreNotMeasured() {
        assertThat(Heartbeats.NONE.percentile(0.5)).isNaN();
    }
}
