package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CheckpointIntervalTest {
    @Test
    void durationsInSecondsAndTheCapturesOption() {
        assertThat(CheckpointInterval.parse("250ms").seconds()).isEqualTo(0.25);
        assertThat(CheckpointInterval.parse("2s").seconds()).isEqualTo(2);
        assertThat(CheckpointInterval.parse("500ms").captureOptions())
                .containsExactly("--job.checkpoint-interval", "500ms");
    }

    @Test
    void theDefaultIsTwoSecondsAndSetsNoOption() {
        assertThat(CheckpointInterval.DEFAULT.seconds()).isEqualTo(2);
        assertThat(CheckpointInterval.DEFAULT.captureOptions()).isEmpty();
        assertThat(CheckpointInterval.DEFAULT.reportText())
                .isEqualTo("the default `job.checkpoint-interval`");
        assertThat(CheckpointInterval.parse("1s").reportText()).isEqualTo("1s");
    }

    @Test
    void anythingButADurationIsRefused() {
        for (String bad : new String[] {"0s", "2", "1.5s", "2m", "ms", "default"}) {
            assertThatThrownBy(() -> CheckpointInterval.parse(bad))
                    .as(bad)
                    .hasMessageContaining("'" + bad + "' is not a duration like 250ms or 2s");
        }
    }
}
