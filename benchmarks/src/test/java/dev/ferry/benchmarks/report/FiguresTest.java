package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FiguresTest {
    @Test
    void wholeNumbersHaveThousandsSeparated() {
        assertThat(Figures.whole(1234567.4)).isEqualTo("1,234,567");
        assertThat(Figures.whole(999.6)).isEqualTo("1,000");
        assertThat(Figures.whole(12.0)).isEqualTo("12");
    }

    @Test
    void decimalsRoundAndMissingIsADash() {
        assertThat(Figures.oneDecimal(2.25)).isEqualTo("2.3");
        assertThat(Figures.twoDecimals(0.456)).isEqualTo("0.46");
        assertThat(Figures.oneDecimal(null)).isEqualTo("—");
        assertThat(Figures.whole(Double.NaN)).isEqualTo("—");
    }
}
