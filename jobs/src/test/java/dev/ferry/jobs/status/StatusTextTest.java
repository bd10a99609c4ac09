package dev.ferry.jobs.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jobs.status.StatusReport.BinlogPosition;
import dev.ferry.jobs.status.StatusReport.JobReport;
import dev.ferry.jobs.status.StatusReport.LastError;
import dev.ferry.jobs.status.StatusReport.TableProgress;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusTextTest {
    private static final Instant NOW = Instant.parse("2026-11-21T12:00:00Z");

    private static JobReport capture(String phase, List<TableProgress> tables, Long eta) {
        return new JobReport(
                "capture",
                "ferry-capture",
                "abc",
                "http://127.0.0.1:8082",
                "RUNNING",
                NOW.minusSeconds(60),
                0L,
                phase,
                tables,
                phase.equals("binlog") ? new BinlogPosition("mysql-bin.000003", 4711) : null,
                new BinlogPosition("mysql-bin.000003", 5000),
                phase.equals("binlog") ? 1200L : null,
                100.0,
                eta,
                null,
                null,
                null);
    }

    @Test
    void showsAPendingShardDdlWithTheShardsThatHaveNotRunIt() {
        String pending =
                "shop.orders: 'ALTER TABLE ADD COLUMN c INT' run by [s_1.orders], not yet by"
                        + " [s_2.orders] (12 changes held)";
        StatusReport report =
                new StatusReport(
                        NOW,
                        List.of(capture("binlog", List.of(), 0L).withPendingShardDdl(pending)),
                        List.of());

        assertThat(StatusText.full(report)).contains("PENDING " + pending);
        assertThat(
                        StatusText.full(
                                new StatusReport(
                                        NOW, List.of(capture("binlog", List.of(), 0L)), List.of())))
                .doesNotContain("shard DDL");
    }

    @Test
    void progressLineShowsABarAndEtaDuringTheSnapshot() {
        StatusReport report =
                new StatusReport(
                        NOW,
                        List.of(
                                capture(
                                        "snapshot",
                                        List.of(new TableProgress("db.a", 500, 1000L, 50.0)),
                                        5L)),
                        List.of());
        assertThat(StatusText.progressLine(report))
                .startsWith("snapshot [###############---------------]  50.0%  500 / ~1000 rows")
                .endsWith("ETA 0:00:05");
    }

    @Test
    void progressLineShowsPositionsAndDelayInTheBinlog() {
        StatusReport report =
                new StatusReport(NOW, List.of(capture("binlog", List.of(), 0L)), List.of());
        assertThat(StatusText.progressLine(report))
                .isEqualTo(
                        "binlog mysql-bin.000003:4711 (upstream mysql-bin.000003:5000)  delay 1.2 s"
                                + "  100 ev/s");
    }

    @Test
    void fullReportNamesTheLastErrorWithItsTime() {
        JobReport failed =
                new JobReport(
                        "apply",
                        "ferry-apply",
                        "def",
                        "http://127.0.0.1:8081",
                        "RESTARTING",
                        null,
                        2L,
                        null,
                        List.of(),
                        null,
                        null,
                        null,
                        null,
                        null,
                        new LastError(NOW, "java.sql.SQLException: gone"),
                        42_000L,
                        null);
        assertThat(StatusText.full(new StatusReport(NOW, List.of(failed), List.of())))
                .contains("apply job ferry-apply (def) RESTARTING")
                .contains("2 restart(s)")
                .containsPattern("downstream +UNREACHABLE for 42.0 s, waiting for it")
                .containsPattern(
                        "last error +2026-11-21 12:00:00 UTC  java.sql.SQLException: gone");
    }
}
