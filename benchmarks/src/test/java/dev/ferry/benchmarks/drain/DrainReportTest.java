package dev.ferry.benchmarks.drain;

import static dev.ferry.benchmarks.drain.DrainResults.drained;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.drain.DrainSettings.Size;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrainReportTest {
    private final DrainSettings settings =
            DrainSettings.of(
                    Size.QUICK, "4", "transaction stock", null, 2000, null, null, 16, false);
    private final DrainReport report = new DrainReport(settings, "bench_drain");

    @Test
    void aRowShowsEveryFigureAndDashesForWhatWasNotMeasured() {
        assertThat(DrainReport.row(drained("oltp_insert", "transaction@kafka", 4, 123_456, 2.5)))
                .isEqualTo(
                        "| ferry transaction, apply from Kafka | 4 | 123,456 | 30,864 | 2.5 |"
                                + " 49,382 | 12,346 | 12.3 | 3.5 | — | 1.0 | 5.0 | 0.5 | 0.3 |"
                                + " 1.76 |\n");
        assertThat(
                        DrainReport.row(
                                DrainResult.failed(
                                        "oltp_insert", "stock", 16, null, "failed before")))
                .isEqualTo(
                        "| stock mysql-cdc → jdbc | 16 | — | — | — | — | — | — | — | — | — | — |"
                                + " — | — | — |\n");
    }

    @Test
    void theReportHasTheScriptsSectionsInOrder() {
        List<DrainResult> results =
                List.of(
                        drained("oltp_insert", "transaction", 4, 12_000, 10),
                        drained("oltp_insert", "transaction@kafka", 4, 30_000, 10),
                        drained("oltp_insert", "stock", 4, 10_000, 10),
                        drained("oltp_write_only", "transaction", 4, 8_000, 10),
                        DrainResult.failed(
                                "oltp_write_only",
                                "stock",
                                4,
                                null,
                                "failed before the drain: not caught up after 600s"));
        String md = report.markdown("# head\n\n## Machine\n\n- cores\n", results, null);
        assertThat(md)
                .startsWith("# head\n\n## Machine\n\n- cores\n\n## Settings\n\n")
                .contains(
                        "- workloads: sysbench `oltp_insert`, then `oltp_write_only`, 4 tables of"
                                + " 10000 rows prepared; 15 s of `run` with 16 threads while the"
                                + " pipeline is paused\n")
                .contains("- workers: 4 (ferry `apply.workers`")
                .contains("- batch: 2000 rows")
                .contains("| `oltp_insert` | 4 | 3.00× | met | 1.20× | met | — |")
                .contains("| `oltp_write_only` | 4 | — | not measured | — | not measured | — |")
                .contains(
                        "- `oltp_write_only` stock mysql-cdc → jdbc at 4 workers: failed before"
                                + " the drain: not caught up after 600s\n")
                .contains("a fresh upstream database (bench_drain, `sysbench prepare`)")
                .contains("downstream `COUNT(*)` = 40000 rows")
                .doesNotContain("## Profile")
                .doesNotContain("None: every run caught up");
        assertThat(md.indexOf("## `oltp_insert`"))
                .isLessThan(md.indexOf("## `oltp_write_only`"))
                .isLessThan(md.indexOf("## Ratios (drain rate in rows/s)"));
        assertThat(md.indexOf("## Ratios"))
                .isLessThan(md.indexOf("## Failed or flagged runs"))
                .isLessThan(md.indexOf("## How each figure was measured"));
        String insertTable =
                md.substring(md.indexOf("## `oltp_insert`"), md.indexOf("## `oltp_write_only`"));
        assertThat(insertTable).contains("| ferry transaction | 4 |").doesNotContain("8,000");
    }

    @Test
    void withEveryRunOkTheFlaggedSectionSaysNone() {
        String md =
                report.markdown(
                        "# head\n", List.of(drained("oltp_insert", "stock", 4, 1, 1)), null);
        assertThat(md)
                .contains(
                        "## Failed or flagged runs\n\nNone: every run caught up without a"
                                + " failover, and its downstream checksums equal the upstream's.\n");
    }

    @Test
    void theProfileShowsItsDrainedRunsStatusesAndHotMethods() {
        DrainReport.Profile profile =
                new DrainReport.Profile(
                        List.of(
                                drained("oltp_write_only", "transaction", 4, 8_000, 10),
                                DrainResult.failed(
                                        "oltp_write_only",
                                        "transaction@kafka",
                                        4,
                                        null,
                                        "the capture did not write the backlog to Kafka")),
                        Map.of("apply-kafka", "| samples | % of samples | method |\n"));
        String md = report.markdown("# head\n", List.of(), profile);
        assertThat(md)
                .contains(
                        "## Profile\n\nOne more ferry transaction-mode drain of `oltp_write_only` at 4 workers")
                .contains("| ferry transaction | 4 | 8,000 |")
                .doesNotContain("| ferry transaction, apply from Kafka | 4 |")
                .contains("Run status, ferry transaction: ok\n")
                .contains(
                        "Run status, ferry transaction, apply from Kafka: the capture did not"
                                + " write the backlog to Kafka\n")
                .contains(
                        "Hot methods of the apply process during its drain from Kafka (top frames"
                                + " of `jdk.ExecutionSample`):\n\n| samples |")
                .doesNotContain("Hot methods of the capture process");
        assertThat(md.indexOf("## Profile")).isLessThan(md.indexOf("## Failed or flagged runs"));
    }
}
