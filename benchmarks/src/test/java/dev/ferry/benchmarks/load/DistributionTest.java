package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DistributionTest {
    @Test
    void nearestRankPercentilesOfUnsortedSamples() {
        double[] samples = new double[100];
        for (int i = 0; i < 100; i++) {
            samples[i] = 100 - i; // 100 .. 1
        }
        Distribution d = new Distribution(samples);
        assertThat(d.count()).isEqualTo(100);
        assertThat(d.percentile(50)).isEqualTo(50);
        assertThat(d.percentile(95)).isEqualTo(95);
        assertThat(d.percentile(100)).isEqualTo(100);
        assertThat(d.max()).isEqualTo(100);
        assertThat(d.mean()).isCloseTo(50.5, within(1e-9));
    }

    @Test
    void aSmallSetRoundsTheRankUp() {
        Distribution d = new Distribution(new double[] {10, 20, 30});
        assertThat(d.percentile(95)).isEqualTo(30); // rank ceil(2.85) = 3
        assertThat(d.percentile(50)).isEqualTo(20); // rank ceil(1.5) = 2
        assertThat(d.percentile(1)).isEqualTo(10);
    }

    @Test
    void noSamplesGiveNaNAndBadPercentilesAreRefused() {
        Distribution empty = new Distribution(new double[0]);
        assertThat(empty.mean()).isNaN();
        assertThat(empty.percentile(95)).isNaN();
        assertThatThrownBy(() -> empty.percentile(0)).hasMessageContaining("(0, 100]");
    }
}
