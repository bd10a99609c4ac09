package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReplayWindowTest {
    @Test
    void parsesFromAndTo() {
        assertThat(ReplayWindow.parse("30-90")).isEqualTo(new ReplayWindow(30, 90));
        assertThat(ReplayWindow.parse("0-100")).isEqualTo(new ReplayWindow(0, 100));
        assertThat(ReplayWindow.parse("30-90")).hasToString("30-90");
    }

    @Test
    void rejectsWhatReplayShRejected() {
        for (String bad : new String[] {"90-30", "50-50", "30-101", "30", "a-b", "-5-90", ""}) {
            assertThatThrownBy(() -> ReplayWindow.parse(bad))
                    .as(bad)
                    .hasMessageContaining("--window is FROM-TO");
        }
    }
}
