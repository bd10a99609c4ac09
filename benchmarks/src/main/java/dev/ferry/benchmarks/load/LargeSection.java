package dev.ferry.benchmarks.load;

import static dev.ferry.benchmarks.load.LoadResults.div;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import dev.ferry.benchmarks.report.TableRow;
import dev.ferry.benchmarks.report.Verdict;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Report;
import java.util.ArrayList;
import java.util.List;

/**
 * The load report's part (b), large transactions, with its chart, and its ratios against the target
 * (a 1 GB transaction applied atomically with a 512 MB heap at ≥ 70% of the small ones' MB/s).
 */
final class LargeSection {
    private final BenchRun run;
    private final LoadSettings settings;
    private final LoadResults results;
    private final Report report;

    LargeSection(BenchRun run, LoadSettings settings, LoadResults results, Report report) {
        this.run = run;
        this.settings = settings;
        this.results = results;
        this.report = report;
    }

    void append(StringBuilder md) {
        Double small = LoadText.smallMbps(results);
        md.append("\n## (b) Large transactions\n\n");
        md.append(
                "| transaction | rows | binlog MB | change records MB | upstream INSERT s | capture"
                        + " s (commit → END in Kafka) | apply s | apply MB/s (binlog) | EPS"
                        + " (rows/s) | spilled to disk | reader polls / partial views | ÷ small"
                        + " MB/s | CPU cores: apply, downstream, Kafka |\n");
        md.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|---|\n");
        List<String> keys = new ArrayList<>(List.of("small_1"));
        settings.sizes().forEach(size -> keys.add("big_" + size));
        keys.add("small_2");
        StringBuilder tsv = new StringBuilder("transaction\tapply MB/s (binlog bytes)\n");
        for (String r : keys) {
            String label;
            if (r.startsWith("small_")) {
                label =
                        Figures.whole(results.figure(r, "txs"))
                                + " small ones ("
                                + settings.smallMb()
                                + " MB), "
                                + (r.equals("small_1") ? "before" : "after");
            } else {
                label = "one of " + r.substring("big_".length()) + " MB";
            }
            String seen =
                    r.startsWith("small_")
                            ? "— (not checked)"
                            : Figures.whole(results.figure(r, "polls"))
                                    + " / "
                                    + Figures.whole(results.figure(r, "partial"));
            md.append(
                    TableRow.of(
                            label,
                            Figures.whole(results.figure(r, "rows")),
                            Figures.oneDecimal(div(results.figure(r, "binlog_bytes"), 1e6)),
                            Figures.oneDecimal(div(results.figure(r, "records_bytes"), 1e6)),
                            Figures.twoDecimals(results.figure(r, "upstream_s")),
                            Figures.twoDecimals(results.figure(r, "capture_s")),
                            Figures.twoDecimals(results.figure(r, "apply_s")),
                            Figures.oneDecimal(LoadText.applyMbps(results, r)),
                            Figures.whole(
                                    div(results.figure(r, "rows"), results.figure(r, "apply_s"))),
                            LoadText.spilledCell(results.figure(r, "spilled")),
                            seen,
                            Ratio.text(LoadText.applyMbps(results, r), small),
                            LoadText.cores(results, r, "apply", "down", "kafka")));
        }
        tsv.append("small, before\t")
                .append(LoadReport.cell(LoadText.applyMbps(results, "small_1")))
                .append('\n');
        for (int size : settings.sizes()) {
            tsv.append(size)
                    .append(" MB\t")
                    .append(LoadReport.cell(LoadText.applyMbps(results, "big_" + size)))
                    .append('\n');
        }
        tsv.append("small, after\t")
                .append(LoadReport.cell(LoadText.applyMbps(results, "small_2")))
                .append('\n');
        md.append('\n')
                .append(
                        report.chart(
                                "bar",
                                "large",
                                "Apply rate of large transactions (heap "
                                        + LoadSettings.APPLY_HEAP
                                        + ")",
                                "transaction",
                                "MB/s of binlog applied",
                                tsv.toString()))
                .append("\n\n");
        limits(md, small);
        md.append(
                "\nPolarDB-X CDC's published large transactions, for comparison (not measured"
                        + " here): 0.5–5 GB applied at 500 MB/s, sorted and merged in memory, DT 2"
                        + " s → 17 s; 10 and 20 GB spilled to disk at 350 MB/s (70% of in"
                        + " memory), DT 55 s and 115 s.\n");
        targets(md, small);
    }

    private void limits(StringBuilder md, Double small) {
        List<Integer> inMemory = new ArrayList<>();
        List<Integer> spilled = new ArrayList<>();
        for (int size : settings.sizes()) {
            (LoadText.spilled(results.figure("big_" + size, "spilled")) ? spilled : inMemory)
                    .add(size);
        }
        md.append("What limits it: the small transactions were applied at ")
                .append(Figures.oneDecimal(LoadText.applyMbps(results, "small_1")))
                .append(" and ")
                .append(Figures.oneDecimal(LoadText.applyMbps(results, "small_2")))
                .append(" MB/s (before and after the large ones; the baseline is their mean, ")
                .append(Figures.oneDecimal(small))
                .append(" MB/s): up to ")
                .append(LoadSettings.WORKERS)
                .append(
                        " workers commit ready transactions at once, several per downstream"
                                + " commit, but each small transaction costs its own END record,"
                                + " conflict check and bookkeeping. One large transaction is one"
                                + " downstream transaction, written by one worker over one"
                                + " connection (and one of more than 20,000 changes, or spilled,"
                                + " runs alone: docs/consistency.md): ");
        for (int size : settings.sizes()) {
            String k = "big_" + size;
            md.append(size)
                    .append(" MB ")
                    .append(Figures.oneDecimal(LoadText.applyMbps(results, k)))
                    .append(" MB/s (apply ")
                    .append(
                            Figures.twoDecimals(
                                    div(results.figure(k, "cpu_apply"), results.figure(k, "wall"))))
                    .append(", downstream ")
                    .append(
                            Figures.twoDecimals(
                                    div(results.figure(k, "cpu_down"), results.figure(k, "wall"))))
                    .append(" cores); ");
        }
        md.append(
                        LoadText.largestSentence(
                                div(
                                        LoadText.applyMbps(
                                                results, "big_" + settings.largestSize()),
                                        small)))
                .append("In memory: ")
                .append(LoadText.sizeList(inMemory))
                .append("; spilled to disk: ")
                .append(LoadText.sizeList(spilled))
                .append(
                        ". A spilled transaction is read back from `apply.spill-dir` in chunks of"
                                + " `apply.batch-size` rows inside its downstream transaction; the"
                                + " downstream's redo log is ")
                .append(Figures.whole(LoadReport.redoLogMb(run)))
                .append(
                        " MB, and a larger transaction makes InnoDB checkpoint during the"
                                + " commit.\n");
    }

    private void targets(StringBuilder md, Double small) {
        md.append("\n## Ratios and targets\n\n");
        md.append(
                "**Target**: a 1 GB transaction applied atomically with the apply heap at 512 MB,"
                        + " at ≥ 70% of small transactions' MB/s.\n\n");
        if (settings.sizes().contains(1024)) {
            String r = "big_1024";
            Double mbps = LoadText.applyMbps(results, r);
            md.append("- 1 GB: ")
                    .append(againstSmall(mbps, small))
                    .append(": ")
                    .append(Verdict.of(div(mbps, small), 0.7))
                    .append("; atomic: ")
                    .append(
                            atomic(r)
                                    ? "yes, "
                                            + Figures.whole(results.figure(r, "polls"))
                                            + " polls saw 0 or all rows"
                                    : "NO, "
                                            + Figures.whole(results.figure(r, "partial"))
                                            + " polls saw part of it (first: "
                                            + results.text(r, "first_partial")
                                            + ")")
                    .append("; heap ")
                    .append(LoadSettings.APPLY_HEAP)
                    .append(", and ")
                    .append(LoadReport.outOfMemoryLines(run.work().resolve("apply.log")))
                    .append(" OutOfMemoryError lines in the apply's log.\n");
        } else {
            int largest = settings.largestSize();
            String r = "big_" + largest;
            Double mbps = LoadText.applyMbps(results, r);
            md.append("- Not measured at 1 GB in this run (sizes ")
                    .append(LoadSettings.spaced(settings.sizes()))
                    .append(
                            " MB; the full run, `benchmarks/ferry-bench load` without `--quick` or"
                                    + " `--smoke`, has 1 GB). The largest here, ")
                    .append(largest)
                    .append(" MB: ")
                    .append(againstSmall(mbps, small))
                    .append(" (")
                    .append(Verdict.of(div(mbps, small), 0.7))
                    .append(" against 70%), ")
                    .append(
                            atomic(r)
                                    ? "atomic ("
                                            + Figures.whole(results.figure(r, "polls"))
                                            + " polls saw 0 or all rows)"
                                    : "NOT atomic ("
                                            + Figures.whole(results.figure(r, "partial"))
                                            + " partial views)")
                    .append(".\n");
        }
        md.append('\n');
        for (int size : settings.sizes()) {
            String k = "big_" + size;
            md.append("- one transaction of ")
                    .append(size)
                    .append(" MB: ")
                    .append(Ratio.text(LoadText.applyMbps(results, k), small))
                    .append(" of the small transactions' MB/s (")
                    .append(
                            LoadText.spilled(results.figure(k, "spilled"))
                                    ? "spilled to disk"
                                    : "in memory")
                    .append(").\n");
        }
    }

    /**
     * "A MB/s = R× of the small transactions' S MB/s": a large transaction's rate against theirs.
     */
    private static String againstSmall(Double mbps, Double small) {
        return Figures.oneDecimal(mbps)
                + " MB/s = "
                + Ratio.text(mbps, small)
                + " of the small transactions' "
                + Figures.oneDecimal(small)
                + " MB/s";
    }

    /** Whether no poll of the atomicity reader saw part of the transaction {@code key}. */
    private boolean atomic(String key) {
        return Double.valueOf(0).equals(results.figure(key, "partial"));
    }
}
