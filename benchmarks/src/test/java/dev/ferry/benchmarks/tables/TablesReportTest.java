package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.tables.TablesConfig.Size;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TablesReportTest {
    private final TablesConfig config = TablesConfig.builder(Size.QUICK).build();
    private final TablesReport report = new TablesReport(config);

    @Test
    void titleAndDescriptionNameTheRunsSettings() {
        assertThat(report.title()).isEqualTo("Many tables: 40000 rows over 4 400 tables");
        assertThat(report.description())
                .contains("16 workers, batch 2000")
                .contains("one topic per database (the default layout")
                .contains("(a sink per table, parallelism 2)");
        TablesConfig perTable = TablesConfig.builder(Size.QUICK).topicLayout("table").build();
        assertThat(new TablesReport(perTable).description())
                .contains("a topic per table (kafka.topic-pattern=<tag>.{database}.{table})");
    }

    @Test
    void ratiosAreAgainstTheFewestTablesOfTheSamePipeline() {
        // 4 tables: 40,000 rows in 20 s, 8,000 changes in 4 s; 400 tables: in 40 s and 8 s
        String body =
                report.body(
                        List.of(
                                TableCountResultTest.measured(4, 60, 80, 4),
                                TableCountResultTest.measured(400, 60, 100, 8)),
                        List.of());

        assertThat(body)
                .startsWith("\n## Figures\n\n| ferry: tables | start-up to first row |")
                .contains(
                        "| 4 | 60.0 s | 2,000 | 1.00× | 2,000 | 1.00× | 0.10 / 0.04 / — / — | ok |")
                .contains("| 400 | 60.0 s | 1,000 | 0.50× | 1,000 | 0.50× |")
                .contains("| 4 | 100.0 | — | — | 12.5 | — | 250.0 | — | — | — |")
                .doesNotContain("| stock: tables")
                .contains(
                        "- Idle: CPU seconds of each process (from /proc) over 10 s once caught up, 30 s after")
                .contains("sysbench oltp_write_only ran 10 s on 8 threads")
                .contains("`parallelism.default` 2, `sink.buffer-flush.max-rows` 2000");
    }

    @Test
    void aFailedCountShowsDashesAndItsStatusWithoutBreakingTheTable() {
        TableCountResult stock4 =
                new TableCountResult(
                        4,
                        30.0,
                        50.0,
                        CpuUse.between(Map.of(), Map.of("stock", 6.0)),
                        CpuUse.between(Map.of(), Map.of("stock", 1.0)),
                        null,
                        8_000L,
                        null,
                        "drain: not caught up after 900s",
                        40_000L);
        String body =
                report.body(
                        List.of(),
                        List.of(
                                stock4,
                                TableCountResult.failed(400, "no row | downstream", 40_000)));

        assertThat(body)
                .contains("| stock: tables |")
                .contains(
                        "| 4 | 30.0 s | 2,000 | 1.00× | — | — | — / — / 0.10 / — | drain: not caught up after 900s |")
                .contains("| 400 | — | — | — | — | — | — / — / — / — | no row / downstream |")
                .contains("| 400 | — | — | — | — | — | — | — | — | — |")
                .doesNotContain("| ferry: tables");
    }
}
