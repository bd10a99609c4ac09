package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VerdictTest {
    @Test
    void atOrAboveTheTargetIsMet() {
        assertThat(Verdict.of(1.5, 1.5)).isEqualTo("met");
        assertThat(Verdict.of(2.7, 2.0)).isEqualTo("met");
    }

    @Test
    void belowSaysHowFarBelowRelativeToTheTarget() {
        // 1.2 against 1.5 is 20% short of the target, not 0.3 points
        assertThat(Verdict.of(1.2, 1.5)).isEqualTo("missed by 20%");
        assertThat(Verdict.of(0.45, 0.6)).isEqualTo("missed by 25%");
        assertThat(Verdict.of(0.0, 2.0)).isEqualTo("missed by 100%");
    }

    @Test
    void aMissingValueIsNotMeasured() {
        assertThat(Verdict.of(null, 2.0)).isEqualTo("not measured");
        assertThat(Verdict.of(Double.NaN, 2.0)).isEqualTo("not measured");
    }
}
