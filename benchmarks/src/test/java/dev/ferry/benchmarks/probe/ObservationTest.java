package dev.ferry.benchmarks.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ObservationTest {
    @Test
    void withoutAllowedValuesAnythingButTheExpectedIsNotYet() {
        assertThat(Observation.of("1000", "1000", Set.of())).isEqualTo(Observation.FINAL);
        assertThat(Observation.of("999", "1000", Set.of())).isEqualTo(Observation.ALLOWED);
    }

    @Test
    void withAllowedValuesAnyOtherValueIsAPartialView() {
        Set<String> none = Set.of("0");
        assertThat(Observation.of("0", "1000", none)).isEqualTo(Observation.ALLOWED);
        assertThat(Observation.of("1000", "1000", none)).isEqualTo(Observation.FINAL);
        assertThat(Observation.of("512", "1000", none)).isEqualTo(Observation.PARTIAL);
    }

    @Test
    void aQueryThatCouldNotRunIsNoPartialView() {
        assertThat(Observation.of("", "1000", Set.of("0"))).isEqualTo(Observation.ALLOWED);
    }
}
