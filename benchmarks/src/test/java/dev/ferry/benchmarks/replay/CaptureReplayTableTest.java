package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class CaptureReplayTableTest {
    private static final JarVariant A = JarVariant.parse("/b/ferry.jar");
    private static final JarVariant B = JarVariant.parse("/b/ferry.jar+kafka.compression=none");

    private static CaptureFigures figures(double snapshot, double binlog, double broker) {
        return new CaptureFigures(9.4, snapshot, 7.0, binlog, 248075, 20, 6.5, 6, 1.2, broker);
    }

    @Test
    void theProgressLineNamesTheBuildWithItsOptions() {
        CaptureReplayTable table = new CaptureReplayTable(List.of(A, B));
        assertThat(table.add(1, 1, figures(70.66, 33.4, 2.1)))
                .isEqualTo(
                        "round 1, ferry.jar+kafka.compression=none: snapshot 9.4 s, 70.7 µs/row;"
                                + " binlog 248075 changes in 7.0 s, 33.4 µs/change, broker 2.1"
                                + " µs/change");
    }

    @Test
    void theSectionHasEveryCaptureTheMeansWithoutJitAndTheRatiosToTheFirstBuild() {
        CaptureReplayTable table = new CaptureReplayTable(List.of(A, B));
        table.add(1, 0, figures(70, 30, 2));
        table.add(1, 1, figures(80, 45, 1));
        table.add(2, 0, figures(60, 30, 2));
        table.add(2, 1, figures(60, 45, 1));
        CaptureReplaySettings settings =
                new CaptureReplaySettings("oltp_insert", 15, 50_000, 16, 2, null, List.of(A, B));
        String markdown = table.markdown("2026-11-26T104818Z", settings, "9.00 11.86 12.11");
        assertThat(markdown)
                .startsWith(
                        "# Capture A/B (2026-11-26T104818Z): oltp_insert, 4 x 50000 rows, 15s x 16"
                                + " threads, 2 rounds\n\n| round | build | snapshot s |")
                .contains(
                        "| 1 | `ferry.jar` | 9.4 | 70.0 (20.0, 6.5) | 7.0 | 30.0 (6.0, 1.2) | 2.0"
                                + " | 248075 |\n")
                .contains(
                        "| mean (without JIT) | `ferry.jar` | | 65.0 (45.0) | | 30.0 (24.0) | 2.0 | |\n")
                .contains(
                        "| mean (without JIT) | `ferry.jar+kafka.compression=none` | | 70.0 (50.0) |"
                                + " | 45.0 (39.0) | 1.0 | |\n")
                .contains(
                        "| ratio to `ferry.jar` | | | 1.08× (1.11×) | | 1.50× (1.63×) | 0.50× | |\n")
                .endsWith("\nLoad: 9.00 11.86 12.11\n");
        assertThat(markdown.lines().filter(l -> l.startsWith("| ratio")).count()).isEqualTo(1);
    }
}
