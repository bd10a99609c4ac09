package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class LoadSettingsTest {
    private static LoadSettings.Flags flags(String intervals, int rounds) {
        return new LoadSettings.Flags(
                null, null, null, null, null, 4, intervals, rounds, 10, false, false);
    }

    @Test
    void defaultsComeFromTheSize() {
        LoadSettings settings = LoadSettings.of(LoadSize.QUICK, flags(null, 1));
        assertThat(settings.levels()).containsExactly(25, 50, 100);
        assertThat(settings.calibrateSeconds()).isEqualTo(10);
        assertThat(settings.warmSeconds()).isEqualTo(5);
        assertThat(settings.lowestLevel()).isEqualTo(25);
        assertThat(settings.highestLevel()).isEqualTo(100);
        assertThat(settings.largestSize()).isEqualTo(128);
        assertThat(settings.compareIntervals()).isFalse();
    }

    @Test
    void evenRoundsTakeTheIntervalsInReverse() {
        LoadSettings settings = LoadSettings.of(LoadSize.QUICK, flags("2s 1s 250ms", 2));
        assertThat(settings.roundIntervals(1))
                .extracting(CheckpointInterval::text)
                .containsExactly("2s", "1s", "250ms");
        assertThat(settings.roundIntervals(2))
                .extracting(CheckpointInterval::text)
                .containsExactly("250ms", "1s", "2s");
        assertThat(settings.roundIntervals(3)).isEqualTo(settings.roundIntervals(1));
    }

    @Test
    void severalRoundsOfOneIntervalAreCompared() {
        assertThat(LoadSettings.of(LoadSize.QUICK, flags(null, 2)).compareIntervals()).isTrue();
        assertThat(LoadSettings.of(LoadSize.QUICK, flags("1s", 1)).compareIntervals()).isFalse();
    }

    @Test
    void outOfRangeValuesAreRefusedByName() {
        assertThatThrownBy(() -> LoadSettings.of(LoadSize.QUICK, flags(null, 21)))
                .hasMessage("--rounds must be a whole number from 1 to 20, got 21");
        LoadSettings.Flags sizes =
                new LoadSettings.Flags(
                        null, null, null, "16 x", null, 4, null, 1, 10, false, false);
        assertThatThrownBy(() -> LoadSettings.of(LoadSize.QUICK, sizes))
                .hasMessage("--sizes must be whole numbers from 1 to 20000, got 'x'");
        LoadSettings.Flags empty =
                new LoadSettings.Flags(" ", null, null, null, null, 4, null, 1, 10, false, false);
        assertThatThrownBy(() -> LoadSettings.of(LoadSize.QUICK, empty))
                .hasMessage("--levels is empty");
    }

    @Test
    void spacedJoinsWithSpaces() {
        assertThat(LoadSettings.spaced(List.of(16, 64))).isEqualTo("16 64");
    }
}
