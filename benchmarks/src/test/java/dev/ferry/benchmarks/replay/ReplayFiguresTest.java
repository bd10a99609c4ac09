package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayFiguresTest {
    /** 1,000 row operations on top of 1,000 before the replay; the backlog holds 2,000 changes. */
    private static final List<ReplaySample> SAMPLES =
            List.of(
                    new ReplaySample(0, 1000, 1, 10, 0.5),
                    new ReplaySample(1, 1000, 2, 10, 0.5),
                    new ReplaySample(2, 1300, 3, 11, 0.5), // 30%: the window's start
                    new ReplaySample(3, 1600, 4, 12, 1),
                    new ReplaySample(4, 1900, 6, 13, 1.5), // 90%: its end
                    new ReplaySample(5, 2000, 7, 14, 1.6), // the first poll at the final count
                    new ReplaySample(6, 2000, 7.2, 14.1, 1.6));

    @Test
    void theWholeReplayEndsAtTheFirstPollThatSawTheFinalCount() {
        ReplayFigures figures =
                ReplayFigures.of(SAMPLES, 1000, 2000, 7.5, new ReplayWindow(30, 90));
        assertThat(figures.wallSeconds()).isEqualTo(5);
        assertThat(figures.applyCpuSeconds()).isEqualTo(7.5);
    }

    @Test
    void theSteadyFiguresCountChangesInProportionToTheWindowsRowOperations() {
        ReplayFigures figures =
                ReplayFigures.of(SAMPLES, 1000, 2000, 7.5, new ReplayWindow(30, 90));
        // 600 of 1,000 row operations: 1,200 of the 2,000 changes, in 2 s
        assertThat(figures.steadyRate()).isCloseTo(600, within(1e-9));
        assertThat(figures.applyMicrosPerChange()).isCloseTo(1e6 * 3 / 1200, within(1e-6));
        assertThat(figures.downstreamMicrosPerChange()).isCloseTo(1e6 * 2 / 1200, within(1e-6));
        assertThat(figures.applyMicrosPerChangeWithoutJit())
                .isCloseTo(1e6 * 2 / 1200, within(1e-6));
    }

    @Test
    void anotherWindowTakesOtherPolls() {
        ReplayFigures figures = ReplayFigures.of(SAMPLES, 1000, 1000, 7.5, new ReplayWindow(0, 60));
        // from the first poll (0%) to the first at 60% (t=3): 600 changes in 3 s
        assertThat(figures.steadyRate()).isCloseTo(200, within(1e-9));
        assertThat(figures.applyMicrosPerChange()).isCloseTo(1e6 * 3 / 600, within(1e-6));
    }

    @Test
    void aWindowWithoutTwoPollsApartHasNoSteadyFigures() {
        List<ReplaySample> jump =
                List.of(new ReplaySample(0, 0, 0, 0, 0), new ReplaySample(1, 500, 1, 1, 0));
        ReplayFigures figures = ReplayFigures.of(jump, 0, 500, 1, new ReplayWindow(30, 90));
        assertThat(figures.wallSeconds()).isEqualTo(1);
        assertThat(figures.steadyRate()).isNaN();
        assertThat(figures.applyMicrosPerChange()).isNaN();
    }

    @Test
    void noPollIsAnError() {
        assertThatThrownBy(() -> ReplayFigures.of(List.of(), 0, 1, 1, new ReplayWindow(30, 90)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
