package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FunnelReportTest {
    private final FunnelSettings settings = new FunnelSettings(30_000, 20_000, 16, 4);
    private final List<String> charts = new ArrayList<>();

    private String body(List<WorkloadResult> results) {
        FunnelReport report = new FunnelReport(settings, results, 0, 2, "0.27.2");
        return report.body(
                (kind, name, title, x, y, tsv) -> {
                    charts.add(name + "\n" + tsv);
                    return "![" + title + "](" + name + ".png)";
                });
    }

    private static WorkloadResult single() {
        WorkloadResult r = new WorkloadResult(Workload.SINGLE, 20_000);
        r.put(Stage.RAW, new StageResult(0.2, 12_000_000, 0.25, Map.of("probe", 0.2)));
        r.put(Stage.E2E, new StageResult(4, 12_000_000, 4, Map.of("capture", 2.0, "apply", 1.0)));
        r.binlogCounts(100_000, 20_000, 20_000);
        return r;
    }

    @Test
    void theFunnelTableHasEveryStageOfBothWorkloads() {
        WorkloadResult bulk = WorkloadResultTest.bulk();
        bulk.binlogCounts(3_240, 90_000, 90);
        bulk.topicRecords(90_000);
        String md = body(List.of(bulk, single()));
        assertThat(md)
                .contains("| stage | bulk Insert/Update/Delete | single-row inserts |")
                .contains(
                        "| 1 binlog read | 900,000/s (200.0 MB/s, 100.0 %) | 100,000/s (60.0 MB/s, 100.0 %) |")
                .contains(
                        "| 4 envelope build + Kafka produce | 9,000/s (5.0 MB/s, 1.0 %) | —/s (— MB/s, — %) |")
                .contains("| binlog : envelope size | 1 : 2.50 | 1 : — |")
                .contains(
                        "INSERT 30,000 rows, UPDATE them, DELETE half and INSERT that half again: 90,000 row changes in 90 transactions.")
                .contains("`apply.workers` 16, `apply.batch-size` 2000")
                .contains("mysql-binlog-connector-java 0.27.2")
                .contains("![Stage funnel: row changes/s after each stage](funnel.png)")
                .contains("## Canal's published figures, for comparison (not measured here)")
                .contains("## How each figure was measured")
                .contains("Task restarts in the jobs' logs during the run: 0");
    }

    @Test
    void theRatioTableGivesEndToEndOverReadAndTheVerdict() {
        String md = body(List.of(WorkloadResultTest.bulk(), single()));
        // bulk: 7,500/s end to end over 900,000/s read; single: 5,000/s over 100,000/s
        assertThat(md)
                .contains(
                        "| bulk | 900,000/s | 7,500/s | 0.8% | missed by 98% | 10% (20w ÷ 200w) |")
                .contains(
                        "| single | 100,000/s | 5,000/s | 5.0% | missed by 90% | 14% (10w ÷ 71w) |");
    }

    @Test
    void theSlowestStageLineSaysWhatLimitsIt() {
        String md = body(List.of(WorkloadResultTest.bulk(), single()));
        assertThat(md)
                .contains(
                        "- bulk: the slowest of ferry's stages is 4 envelope build + Kafka produce"
                                + " at 9,000/s (1.0% of the binlog read; capture 1.10 cores: about"
                                + " one core in capture (1.10) with CPU left on the machine: one"
                                + " thread is the bottleneck, a serial path); end to end, with"
                                + " capture and apply sharing the machine, runs at 83.3% of that"
                                + " stage's rate alone.")
                .contains("- single: ferry's stages were not measured.");
    }

    @Test
    void theDetailTableShowsSecondsCpuAndCounts() {
        WorkloadResult bulk = WorkloadResultTest.bulk();
        bulk.binlogCounts(3_240, 90_000, 90);
        bulk.topicRecords(90_000);
        String md = body(List.of(bulk, single()));
        assertThat(md)
                .contains(
                        "### bulk (90,000 row changes, 20,000,000 binlog bytes, 50,000,000 envelope bytes)")
                .contains(
                        "| 6 downstream apply | SIGCONT of the apply to the downstream poll seeing"
                                + " the upstream's state | 6.00 | 15,000 | 8.3 | apply 0.83 |"
                                + " not CPU-bound by its own processes (0.83 of 2 cores)")
                .contains(
                        "Counted by the probes: 3,240 binlog events, 90,000 row changes and 90"
                                + " commits in the binlog range; 90,000 records in the change"
                                + " topic (expected 90,000).")
                .contains(
                        "### single (20,000 row changes, 12,000,000 binlog bytes, — envelope bytes)")
                .contains("— records in the change topic (expected 20,000)");
    }

    @Test
    void theChartsHoldEachStagesRateAndLeaveMissingOnesEmpty() {
        body(List.of(WorkloadResultTest.bulk(), single()));
        assertThat(charts).hasSize(2);
        assertThat(charts.get(0))
                .startsWith("funnel\nstage\tbulk\tsingle\n1 read\t900000.0\t100000.0\n")
                .contains("\n6 apply\t15000.0\t\n");
        assertThat(charts.get(1))
                .startsWith("funnel-pipeline\nstage\tbulk\tsingle\n3 events\t")
                .doesNotContain("1 read");
    }

    @Test
    void theHeaderNamesTheCommand() {
        assertThat(FunnelReport.what("benchmarks/ferry-bench funnel --quick"))
                .startsWith(
                        "Issue 6, table 3, as Canal's Performance page: `benchmarks/ferry-bench"
                                + " funnel --quick`.");
    }
}
