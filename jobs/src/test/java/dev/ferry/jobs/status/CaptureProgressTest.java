package dev.ferry.jobs.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CaptureProgressTest {
    @Test
    void phaseIsSnapshotUntilABinlogEventOrAQuietSpell() {
        assertThat(CaptureProgress.phase(0, 0, -1, 50_000)).isEqualTo("snapshot");
        assertThat(CaptureProgress.phase(500, 0, 45_000, 50_000)).isEqualTo("snapshot");
        assertThat(CaptureProgress.phase(500, 0, 40_000, 50_000)).isEqualTo("binlog");
        assertThat(CaptureProgress.phase(500, 3, 49_000, 50_000)).isEqualTo("binlog");
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
