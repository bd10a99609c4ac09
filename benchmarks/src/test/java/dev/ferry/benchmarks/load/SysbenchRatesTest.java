package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SysbenchRatesTest {
    private static final String OUTPUT =
            """
            SQL statistics:
                queries performed:
                    read:                            0
                    write:                           79360
                    other:                           39680
                    total:                           119040
                transactions:                        19840  (992.00 per sec.)
                queries:                             119040 (5951.08 per sec.)
                ignored errors:                      0      (0.00 per sec.)
            """;

    @Test
    void readsThePerSecondFigureOfTransactionsAndQueries() {
        assertThat(SysbenchRates.perSecond(OUTPUT, "transactions")).isEqualTo(992.00);
        assertThat(SysbenchRates.perSecond(OUTPUT, "queries")).isEqualTo(5951.08);
    }

    @Test
    void aMissingLineIsNotMeasured() {
        assertThat(SysbenchRates.perSecond("FATAL: error 2013", "queries")).isNaN();
    }
}
