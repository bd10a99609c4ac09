package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RatioTest {
    @Test
    void dividesWithTwoDecimalsAndTimesSign() {
        assertThat(Ratio.text(3496.0, 1626.0)).isEqualTo("2.15×");
        assertThat(Ratio.of(1.0, 4.0).getAsDouble()).isEqualTo(0.25);
    }

    @Test
    void isMissingWithoutEitherFigureOrForZero() {
        assertThat(Ratio.text(null, 2.0)).isEqualTo("—");
        assertThat(Ratio.text(2.0, null)).isEqualTo("—");
        assertThat(Ratio.text(2.0, 0.0)).isEqualTo("—");
        assertThat(Ratio.text(Double.NaN, 1.0)).isEqualTo("—");
        assertThat(Ratio.of(0.0, 3.0).getAsDouble()).isZero();
    }
}
