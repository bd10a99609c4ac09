package dev.ferry.jobs.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CaptureProgressTest {
    @Test
    void phaseIsBinlogFromTheFirstBinlogEvent() {
        assertThat(CaptureProgress.phase(0, 0, -1, 50_000, Map.of(), Map.of("db.a", 10L)))
                .isEqualTo("snapshot");
        assertThat(CaptureProgress.phase(500, 3, 49_000, 50_000, Map.of(), Map.of("db.a", 9000L)))
                .isEqualTo("binlog");
    }

    @Test
    void aQuietSnapshotIsOverOnlyWhenTheEstimatesAreNearlyReached() {
        Map<String, Long> estimates = Map.of("db.a", 1000L, "db.b", 1000L);
        Map<String, Long> done = Map.of("db.a", 1000L, "db.b", 920L);
        assertThat(CaptureProgress.phase(1920, 0, 45_000, 50_000, done, estimates))
                .as("rows came 5 s ago")
                .isEqualTo("snapshot");
        assertThat(CaptureProgress.phase(1920, 0, 40_000, 50_000, done, estimates))
                .isEqualTo("binlog");
        Map<String, Long> stalled = Map.of("db.a", 1000L);
        assertThat(CaptureProgress.phase(1000, 0, 30_000, 50_000, stalled, estimates))
                .as("db.b not begun: a stall, not the end")
                .isEqualTo("snapshot");
        assertThat(CaptureProgress.phase(1000, 0, 30_000, 200_000, stalled, estimates))
                .as("silent for two minutes")
                .isEqualTo("binlog");
    }

    @Test
    void percentAgainstTheEstimateCappedAndFullOnceInTheBinlog() {
        assertThat(CaptureProgress.percent(250, 1000L, "snapshot")).isEqualTo(25.0);
        assertThat(CaptureProgress.percent(1200, 1000L, "snapshot")).isEqualTo(100.0);
        assertThat(CaptureProgress.percent(0, null, "snapshot")).isEqualTo(0.0);
        assertThat(CaptureProgress.percent(900, 1000L, "binlog")).isEqualTo(100.0);
    }

    @Test
    void tablesJoinCountsAndEstimatesAndGiveAnEta() {
        List<TableProgress> tables =
                CaptureProgress.tables(
                        Map.of("db.a", 500L), Map.of("db.a", 1000L, "db.b", 1000L), "snapshot");
        assertThat(tables)
                .containsExactly(
                        new TableProgress("db.a", 500, 1000L, 50.0),
                        new TableProgress("db.b", 0, 1000L, 0.0));
        assertThat(CaptureProgress.etaSeconds(tables, 100.0, "snapshot")).isEqualTo(15L);
        assertThat(CaptureProgress.etaSeconds(tables, null, "snapshot")).isNull();
        assertThat(CaptureProgress.etaSeconds(tables, 100.0, "binlog")).isZero();
    }
}
