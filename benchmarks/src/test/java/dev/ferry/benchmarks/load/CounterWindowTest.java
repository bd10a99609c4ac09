package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class CounterWindowTest {
    private static final List<CounterWindow.Sample> SAMPLES =
            List.of(
                    new CounterWindow.Sample(1_000, 0),
                    new CounterWindow.Sample(2_000, 100),
                    new CounterWindow.Sample(3_500, 400),
                    new CounterWindow.Sample(4_000, Double.NaN),
                    new CounterWindow.Sample(5_000, 700));

    @Test
    void usesTheFirstAndLastSampleInsideTheWindow() {
        // 2000 -> 5000 ms: 600 more in 3 s
        assertThat(CounterWindow.ratePerSecond(SAMPLES, 1_500, 5_000)).isCloseTo(200, within(1e-9));
        // 1000 -> 3500 ms: 400 in 2.5 s
        assertThat(CounterWindow.ratePerSecond(SAMPLES, 0, 3_999)).isCloseTo(160, within(1e-9));
    }

    @Test
    void isNaNWithFewerThanTwoSamples() {
        assertThat(CounterWindow.ratePerSecond(SAMPLES, 1_500, 2_500)).isNaN();
        assertThat(CounterWindow.ratePerSecond(List.of(), 0, 10)).isNaN();
    }
}
