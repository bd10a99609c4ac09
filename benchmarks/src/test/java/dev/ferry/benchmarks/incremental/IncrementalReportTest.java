package dev.ferry.benchmarks.incremental;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.incremental.IncrementalPlan.Flags;
import dev.ferry.benchmarks.incremental.IncrementalPlan.Size;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IncrementalReportTest {
    private final IncrementalPlan plan =
            IncrementalPlan.of(Size.QUICK, new Flags(null, null, null, null, null, null, null, 32));

    private IncrementalResults results() {
        IncrementalResults results = new IncrementalResults();
        Map<LiveField, Double> figures = new EnumMap<>(LiveField.class);
        figures.put(LiveField.TPS, 13_000.4);
        figures.put(LiveField.QPS, 13_050.0);
        figures.put(LiveField.P95, 6.43);
        figures.put(LiveField.CAPTURE_EPS, 3_600.0);
        figures.put(LiveField.ROWS_S, 6_700.0);
        figures.put(LiveField.BUSY, 19.44);
        figures.put(LiveField.DOWN_QUESTIONS, 74.2);
        figures.put(LiveField.DOWN_COMMIT, 7.0);
        figures.put(LiveField.DOWN_INSERT, 30.0);
        figures.put(LiveField.D50, 6728.0);
        figures.put(LiveField.D95, 10327.0);
        figures.put(LiveField.D99, 10557.0);
        figures.put(LiveField.UP_INSERT, 12_891.0);
        figures.put(LiveField.ERRORS, 0.0);
        figures.put(LiveField.HB_SENT, 97.0);
        figures.put(LiveField.HB_ARRIVED, 97.0);
        results.live.add(
                new LiveResult(
                        new Point(Point.FERRY, 16, 2000, "oltp_insert"),
                        figures,
                        "capture=10.4 apply=9.1",
                        "ok"));
        results.live.add(
                LiveResult.failed(
                        new Point(Point.STOCK, 16, 2000, "oltp_insert"), "the stock process died"));
        results.drains.add(
                new DrainResult(
                        new Point(Point.FERRY, 16, 2000, "oltp_insert"),
                        200_000L,
                        200_000L,
                        20.0,
                        "capture=10.0 apply=36.0",
                        46.0,
                        "ok"));
        results.drains.add(
                new DrainResult(
                        new Point(Point.STOCK, 16, 2000, "oltp_insert"),
                        200_000L,
                        200_000L,
                        8.0,
                        "stock=8.0",
                        8.6,
                        "ok"));
        results.ceilings.add(
                new CeilingResult("oltp_insert", 16, 2000, "insert", 200_000L, 2.0, 867.5, "ok"));
        return results;
    }

    private String body() {
        return new IncrementalReport(plan, results(), 4, 2, "1.00, 2.00, 3.00")
                .body("![c](c.png)\n");
    }

    @Test
    void theLiveTablesShowEachRunAndDashesWhatWasNotMeasured() {
        assertThat(body())
                .contains(
                        "| ferry | 16 | 2000 | 13.1k / 13.0k | 6.4 | 3.6k | 6.7k | 19.4 | 74 / 7 / 30 |"
                                + " 6,728 / 10,327 / 10,557 | — / — / — |")
                .contains(
                        "| stock mysql-cdc → jdbc | 16 | 2000 | — / — | — | — | — | — | — / — / — |"
                                + " — / — / — | — / — / — |")
                .contains(
                        "| ferry | 16 | 2000 | 12,891 | — | — | — | — | 0 | 97 / 97 | — |"
                                + " capture=10.4 apply=9.1 | ok |")
                .contains("| — | the stock process died |")
                .contains("- live sweep (workers:batch): 16:2000");
    }

    @Test
    void theDrainTableTheCeilingAndTheRatiosAgainstTheTargets() {
        assertThat(body())
                .contains(
                        "| ferry | 16 | 2000 | `oltp_insert` | 200,000 | 200,000 | 20.0 | 10,000 |"
                                + " 10,000 | capture=10.0 apply=36.0 | 23.0 | ok |")
                .contains(
                        "| downstream ceiling (CeilingLoader, insert) | 16 | 2000 | `oltp_insert` |"
                                + " 200,000 | — | 2.0 | 100,000 | — | p99 statement 867.5 ms | — | ok |")
                .contains("| `oltp_insert` | 16 | 0.40× | missed by 73% | 0.10× | missed by 80% |");
    }

    @Test
    void theCpuNoteSaysWhetherFerrysDrainWasCpuBound() {
        assertThat(body())
                .contains(
                        "- `oltp_insert`, 16 workers: ferry used 23.0 CPU seconds per 100k row"
                                + " changes (CPU seconds in all: capture=10.0 apply=36.0), the stock"
                                + " pipeline 4.3 (stock=8.0). Ferry's drain was CPU-bound: its"
                                + " processes used 2.3 of the 2 cores.");
    }

    @Test
    void aRatioWithoutItsPeerIsNotMeasured() {
        IncrementalResults results = new IncrementalResults();
        String body = new IncrementalReport(plan, results, 4, 2, "1, 1, 1").body("");
        assertThat(body)
                .contains("| `oltp_insert` | 16 | — | not measured | — | not measured |")
                .contains("## Charts\n\n\n## How each figure was measured")
                .contains("sysbench runs for 10 s");
    }

    @Test
    void chartsDrawTheSweepOnlyWithSeveralWorkers() {
        assertThat(IncrementalCharts.of(plan, results()))
                .extracting(ChartSpec::name)
                .containsExactly("drain");
        ChartSpec drain = IncrementalCharts.of(plan, results()).get(0);
        assertThat(drain.tsv())
                .isEqualTo(
                        "workload\tferry\tstock mysql-cdc → jdbc\tdownstream ceiling\n"
                                + "oltp_insert\t10000\t25000\t100000\n");
        assertThat(drain.title()).isEqualTo("Draining a backlog: rows/s at 16 workers, batch 2000");
        IncrementalPlan sweep =
                IncrementalPlan.of(
                        Size.QUICK, new Flags("16 32", null, null, null, null, null, null, 32));
        var charts = IncrementalCharts.of(sweep, results());
        assertThat(charts)
                .extracting(ChartSpec::name)
                .containsExactly("live-workers", "live-delay", "drain");
        assertThat(charts.get(0).tsv())
                .isEqualTo(
                        "apply.workers\tupstream sysbench TPS\tferry rows/s until caught up\tdownstream Com_commit/s\n"
                                + "16\t13000.4\t6700\t7\n"
                                + "32\t\t\t\n");
        assertThat(charts.get(1).tsv())
                .isEqualTo(
                        "apply.workers\tdelay p95 (ms)\tdelay p99 (ms)\n16\t10327\t10557\n32\t\t\n");
    }
}
