package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SteadyWindowTest {
    private static final Tsv METRICS =
            Tsv.parse(
                    List.of(
                            "ms\teventsApplied\tbytesApplied\ttransactionsApplied\treplicationDelayMs\tinFlightTransactions\ttransactionsSpilled",
                            "1000\t0\t0\t0\t5000\t0\t0",
                            "2000\t100\t10000\t25\t1000\t0\t0",
                            "3000\t300\t30000\t75\t3000\t0\t1",
                            "4000\t500\t50000\t125\tNaN\t0\t1",
                            "5000\t900\t90000\t225\t9000\t0\tNaN"));

    @Test
    void ratesAreTheCountersGrowthBetweenTheFirstAndLastSampleInTheWindow() {
        SteadyWindow window = SteadyWindow.of(METRICS, 2000, 4000);
        assertThat(window.eps()).isEqualTo(200, within(1e-9));
        assertThat(window.bps()).isEqualTo(20_000, within(1e-9));
        assertThat(window.tps()).isEqualTo(50, within(1e-9));
        assertThat(window.delayMeanMs()).isEqualTo(2000, within(1e-9)); // NaN left out
        assertThat(window.delayMaxMs()).isEqualTo(3000);
    }

    @Test
    void aWindowWithoutSamplesIsNotMeasured() {
        SteadyWindow window = SteadyWindow.of(METRICS, 6000, 7000);
        assertThat(window.eps()).isNaN();
        assertThat(window.delayMeanMs()).isNaN();
    }

    @Test
    void theLastSampleSkipsNaN() {
        assertThat(SteadyWindow.last(METRICS, "transactionsSpilled")).isEqualTo(1);
        assertThat(SteadyWindow.last(METRICS, "bytesApplied")).isEqualTo(90_000);
    }

    @Test
    void windowKeepsValuesWhoseTimeIsInside() {
        double[] times = {1000, 2000, 3000, 4000};
        double[] values = {1, 2, Double.NaN, 4};
        assertThat(SteadyWindow.inWindow(times, values, 1500, 4000)).containsExactly(2, 4);
    }
}
