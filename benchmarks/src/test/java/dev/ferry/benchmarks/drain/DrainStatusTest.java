package dev.ferry.benchmarks.drain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DrainStatusTest {
    @Test
    void okOnlyWhenNothingIsFlagged() {
        assertThat(DrainStatus.of(true, 0, "", 0)).isEqualTo("ok");
        assertThat(DrainStatus.of(false, 0, "", 0))
                .isEqualTo("caught up in rows but the checksums differ");
        assertThat(DrainStatus.of(true, 2, "java.io.IOException: gone", 3))
                .isEqualTo(
                        "ok; but a task failed over 2 times during the run, first because:"
                                + " java.io.IOException: gone; 3 log lines report a downstream"
                                + " deadlock");
    }
}
