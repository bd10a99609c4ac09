package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private static final List<JarVariant> JARS = List.of(JarVariant.parse("/b/ferry.jar"));
    private static final ReplayWindow WINDOW = new ReplayWindow(30, 90);

    private static ReplaySettings replay(String workload, int seconds, int workers, int tables) {
        return new ReplaySettings(
                workload,
                seconds,
                100,
                16,
                workers,
                2000,
                3,
                "transaction",
                WINDOW,
                null,
                tables,
                JARS);
    }

    @Test
    void replayTakesWhatReplayShTookAndCountsTheSnapshot() {
        assertThat(replay("oltp_write_only", 0, 64, 5000).snapshotRows()).isEqualTo(500_000);
    }

    @Test
    void replayRefusesWhatReplayShRefusedNamingTheOption() {
        assertThatThrownBy(() -> replay("oltp_read_only", 40, 8, 4))
                .hasMessageContaining("--workload is oltp_insert or oltp_write_only");
        assertThatThrownBy(() -> replay("oltp_insert", 3601, 8, 4))
                .hasMessageContaining(
                        "--seconds must be a whole number from 0 to 3600, got '3601'");
        assertThatThrownBy(() -> replay("oltp_insert", 40, 65, 4))
                .hasMessageContaining("--workers must be a whole number from 1 to 64");
        assertThatThrownBy(() -> replay("oltp_insert", 40, 8, 5001))
                .hasMessageContaining("--tables must be a whole number from 1 to 5000");
        assertThatThrownBy(
                        () ->
                                new ReplaySettings(
                                        "oltp_insert",
                                        40,
                                        100,
                                        16,
                                        8,
                                        2000,
                                        3,
                                        "exact",
                                        WINDOW,
                                        null,
                                        4,
                                        JARS))
                .hasMessageContaining("--consistency is transaction or row, got 'exact'");
        assertThatThrownBy(
                        () ->
                                new ReplaySettings(
                                        "oltp_insert",
                                        40,
                                        100,
                                        16,
                                        8,
                                        2000,
                                        0,
                                        "row",
                                        WINDOW,
                                        null,
                                        4,
                                        JARS))
                .hasMessageContaining("--rounds must be a whole number from 1 to 100");
    }

    @Test
    void captureReplayNeedsAtLeastASecondOfSysbench() {
        assertThat(
                        new CaptureReplaySettings("oltp_insert", 1, 10, 16, 2, null, JARS)
                                .snapshotRows())
                .isEqualTo(40);
        assertThatThrownBy(() -> new CaptureReplaySettings("oltp_insert", 0, 10, 16, 2, null, JARS))
                .hasMessageContaining("--seconds must be a whole number from 1 to 3600, got '0'");
        assertThatThrownBy(
                        () ->
                                new CaptureReplaySettings(
                                        "oltp_insert", 5, 10, 16, 2, null, List.of()))
                .hasMessageContaining("no build to compare");
    }
}
