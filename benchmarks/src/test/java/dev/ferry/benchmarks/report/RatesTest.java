package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RatesTest {
    @Test
    void ratesOverTime() {
        assertThat(Rates.perSecond(90_000, 12)).isEqualTo(7_500);
        // MB are 2^20 bytes, as the import table counts DATA_LENGTH
        assertThat(Rates.megabytesPerSecond(10L * 1024 * 1024, 4)).isEqualTo(2.5);
        assertThat(Rates.perHundredThousand(3, 300_000)).isEqualTo(1);
    }

    @Test
    void nothingOverNoTimeIsNotMeasured() {
        assertThat(Rates.perSecond(5, 0)).isNaN();
        assertThat(Rates.perHundredThousand(5, 0)).isNaN();
    }
}
