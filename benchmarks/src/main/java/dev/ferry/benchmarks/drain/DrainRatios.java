package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The report's ratios of drain rates (rows/s) at each workload and workers value: ferry's apply
 * from Kafka ÷ stock against issue 23's 1.5× target, ferry's whole pipeline ÷ stock against 1.0×,
 * and ferry transaction ÷ row mode applying from Kafka; and how many comparisons met each target.
 */
final class DrainRatios {
    /** Issue 23's target for the apply from Kafka against the stock pipeline. */
    static final double APPLY_TARGET = 1.5;

    /** Issue 23's target for the whole pipeline against the stock pipeline. */
    static final double PIPELINE_TARGET = 1.0;

    /** One comparison: the ratio's text ("1.62×" or "—") and "met", "missed" or "not measured". */
    record Versus(String ratio, String verdict) {
        static Versus of(Double ferry, Double stock, double target) {
            OptionalDouble ratio = Ratio.of(ferry, stock);
            if (ratio.isEmpty()) {
                return new Versus(Figures.MISSING, "not measured");
            }
            return new Versus(
                    String.format(Locale.ROOT, "%.2f×", ratio.getAsDouble()),
                    ratio.getAsDouble() >= target ? "met" : "missed");
        }
    }

    private final List<DrainResult> results;
    private int applyMet;
    private int applyMissed;
    private int pipelineMet;
    private int pipelineMissed;

    DrainRatios(List<DrainResult> results) {
        this.results = results;
    }

    /** The table's row for one workload and workers value; counts its verdicts. */
    String row(String workload, int workers) {
        Double stock = rate(workload, "stock", workers);
        Versus apply = Versus.of(rate(workload, "transaction@kafka", workers), stock, APPLY_TARGET);
        Versus pipeline = Versus.of(rate(workload, "transaction", workers), stock, PIPELINE_TARGET);
        applyMet += apply.verdict().equals("met") ? 1 : 0;
        applyMissed += apply.verdict().equals("missed") ? 1 : 0;
        pipelineMet += pipeline.verdict().equals("met") ? 1 : 0;
        pipelineMissed += pipeline.verdict().equals("missed") ? 1 : 0;
        String versusRow =
                Ratio.text(
                        rate(workload, "transaction@kafka", workers),
                        rate(workload, "row@kafka", workers));
        return "| `"
                + workload
                + "` | "
                + workers
                + " | "
                + apply.ratio()
                + " | "
                + apply.verdict()
                + " | "
                + pipeline.ratio()
                + " | "
                + pipeline.verdict()
                + " | "
                + versusRow
                + " |";
    }

    /** The sentence counting the verdicts of the rows made so far. */
    String summary() {
        return "Target met by the apply from Kafka (≥ 1.5×) in "
                + applyMet
                + " and missed in "
                + applyMissed
                + " of the "
                + (applyMet + applyMissed)
                + " measured comparisons; by the whole pipeline (≥ 1.0×) in "
                + pipelineMet
                + " and missed in "
                + pipelineMissed
                + " of "
                + (pipelineMet + pipelineMissed)
                + ".";
    }

    /** Rows/s of the first run of that workload, pipeline and workers that drained; else null. */
    Double rate(String workload, String pipeline, int workers) {
        return results.stream()
                .filter(
                        r ->
                                r.workload().equals(workload)
                                        && r.pipeline().equals(pipeline)
                                        && r.workers() == workers
                                        && r.drained())
                .map(DrainResult::rowsPerSecond)
                .findFirst()
                .orElse(null);
    }
}
