package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PercentilesTest {
    @Test
    void nearestRankOverUnsortedValues() {
        Percentiles p = Percentiles.of(10, 1, 9, 2, 8, 3, 7, 4, 6, 5);
        assertThat(p.at(0.50)).isEqualTo(5);
        assertThat(p.at(0.95)).isEqualTo(10);
        assertThat(p.at(0.10)).isEqualTo(1);
        assertThat(p.at(1.0)).isEqualTo(10);
        assertThat(p.at(0.0)).isEqualTo(1);
        assertThat(p.count()).isEqualTo(10);
    }

    @Test
    void p99OfAHundredIsTheNinetyNinth() {
        double[] values = new double[100];
        for (int i = 0; i < 100; i++) {
            values[i] = 100 - i; // 100 … 1
        }
        assertThat(Percentiles.of(values).at(0.99)).isEqualTo(99);
    }

    @Test
    void noValuesIsNaNAndABadFractionFails() {
        assertThat(Percentiles.of().at(0.5)).isNaN();
        assertThatThrownBy(() -> Percentiles.of(1).at(95))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("from 0 to 1");
    }
}
