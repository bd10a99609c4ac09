package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ferry.benchmarks.report.CpuUse;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableCountResultTest {
    static TableCountResult measured(int tables, double startup, double allRows, double drain) {
        return new TableCountResult(
                tables,
                startup,
                allRows,
                CpuUse.between(Map.of(), Map.of("capture", 4.0, "kafka", 0.5)),
                CpuUse.between(Map.of("capture", 1.0), Map.of("capture", 2.0, "apply", 0.4)),
                drain,
                8_000L,
                CpuUse.between(Map.of("apply", 1.0), Map.of("apply", 3.0)),
                "ok",
                40_000L);
    }

    @Test
    void theSnapshotRateLeavesTheStartUpOut() {
        assertThat(measured(4, 60, 80, 10).snapshotRowsPerSecond()).isEqualTo(2_000.0);
    }

    @Test
    void theDrainRateIsTheChangesOverItsTime() {
        assertThat(measured(4, 60, 80, 4).drainChangesPerSecond()).isEqualTo(2_000.0);
    }

    @Test
    void idleCoresAreCpuSecondsOverTheIdleTime() {
        TableCountResult result = measured(4, 60, 80, 4);
        assertThat(result.idleCores("capture", 10).orElseThrow()).isCloseTo(0.1, within(1e-9));
        assertThat(result.idleCores("stock", 10)).isEmpty();
    }

    @Test
    void microsecondsPerRowAndPerChange() {
        TableCountResult result = measured(4, 60, 80, 4);
        assertThat(result.snapshotMicrosPerRow("capture").orElseThrow()).isEqualTo(100.0);
        assertThat(result.snapshotMicrosPerRow("kafka").orElseThrow()).isEqualTo(12.5);
        assertThat(result.drainMicrosPerChange("apply").orElseThrow()).isEqualTo(250.0);
        assertThat(result.drainMicrosPerChange("down")).isEmpty();
    }

    @Test
    void aFailedRunHasNoFigures() {
        TableCountResult failed = TableCountResult.failed(400, "no row downstream", 40_000);
        assertThat(failed.snapshotRowsPerSecond()).isNaN();
        assertThat(failed.drainChangesPerSecond()).isNaN();
        assertThat(failed.idleCores("capture", 10)).isEmpty();
        assertThat(failed.snapshotMicrosPerRow("capture")).isEmpty();
        assertThat(failed.drainMicrosPerChange("apply")).isEmpty();
    }

    @Test
    void aDrainWithNoChangesHasNoCostPerChange() {
        TableCountResult none =
                new TableCountResult(
                        4,
                        1.0,
                        2.0,
                        null,
                        null,
                        0.5,
                        0L,
                        CpuUse.between(Map.of(), Map.of("apply", 1.0)),
                        "ok",
                        4L);
        assertThat(none.drainMicrosPerChange("apply")).isEmpty();
    }
}
