package dev.ferry.benchmarks.incremental;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The charts of an incremental report: with more than one --workers, the live rates and the delay
 * against apply.workers; always the drain rates of ferry, the stock pipeline and the ceiling.
 */
final class IncrementalCharts {
    private IncrementalCharts() {}

    static List<ChartSpec> of(IncrementalPlan plan, IncrementalResults results) {
        List<ChartSpec> charts = new ArrayList<>();
        int batch = plan.batch();
        if (plan.workers().size() > 1) {
            StringBuilder rates =
                    new StringBuilder(
                            "apply.workers\tupstream sysbench TPS\tferry rows/s until caught up\tdownstream Com_commit/s\n");
            StringBuilder delay =
                    new StringBuilder("apply.workers\tdelay p95 (ms)\tdelay p99 (ms)\n");
            for (int w : plan.workers()) {
                LiveResult l = results.live(Point.FERRY, w, batch).orElse(null);
                rates.append(w)
                        .append('\t')
                        .append(cell(l, LiveField.TPS))
                        .append('\t')
                        .append(cell(l, LiveField.ROWS_S))
                        .append('\t')
                        .append(cell(l, LiveField.DOWN_COMMIT))
                        .append('\n');
                delay.append(w)
                        .append('\t')
                        .append(cell(l, LiveField.D95))
                        .append('\t')
                        .append(cell(l, LiveField.D99))
                        .append('\n');
            }
            String xLabel = "apply.workers (batch " + batch + ")";
            charts.add(
                    new ChartSpec(
                            "line",
                            "live-workers",
                            "Incremental ("
                                    + plan.liveWorkload()
                                    + ", "
                                    + plan.threads()
                                    + " sysbench threads): rates vs apply.workers",
                            xLabel,
                            "per second",
                            rates.toString()));
            charts.add(
                    new ChartSpec(
                            "bar",
                            "live-delay",
                            "Incremental: replication delay (heartbeat) vs apply.workers",
                            xLabel,
                            "ms",
                            delay.toString()));
        }
        int workers = plan.firstDrainWorkers();
        StringBuilder drain =
                new StringBuilder("workload\tferry\tstock mysql-cdc → jdbc\tdownstream ceiling\n");
        for (String workload : plan.workloads()) {
            drain.append(workload)
                    .append('\t')
                    .append(cell(results.drainRate(Point.FERRY, workers, workload)))
                    .append('\t')
                    .append(cell(results.drainRate(Point.STOCK, workers, workload)))
                    .append('\t')
                    .append(cell(results.ceilingRate(workers, workload)))
                    .append('\n');
        }
        charts.add(
                new ChartSpec(
                        "bar",
                        "drain",
                        "Draining a backlog: rows/s at " + workers + " workers, batch " + batch,
                        "sysbench workload",
                        "rows/s",
                        drain.toString()));
        return charts;
    }

    private static String cell(LiveResult live, LiveField field) {
        return live == null ? "" : cell(live.get(field));
    }

    /** A number as a data cell, "" when missing. */
    static String cell(Double value) {
        return value == null || value.isNaN() || value.isInfinite()
                ? ""
                : BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
