package dev.ferry.benchmarks.load;

import static dev.ferry.benchmarks.load.LoadResults.div;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import dev.ferry.benchmarks.report.TableRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The load report's checkpoint interval comparison (freshness against cost): per workload and
 * level, the delay percentiles pooled over the rounds, CPU µs per change, the bursts and the idle
 * cores per interval, then every round on its own.
 */
final class IntervalSection {
    private final LoadSettings settings;
    private final LoadResults results;
    private final Map<String, Heartbeats> heartbeats;

    IntervalSection(
            LoadSettings settings, LoadResults results, Map<String, Heartbeats> heartbeats) {
        this.settings = settings;
        this.results = results;
        this.heartbeats = heartbeats;
    }

    void append(StringBuilder md) {
        List<CheckpointInterval> intervals = settings.intervals();
        CheckpointInterval first = intervals.get(0);
        md.append("\n## Checkpoint interval: freshness against cost\n\n");
        md.append(
                        "The capture's checkpoint interval is what sets the delay's floor: its Kafka"
                                + " transactions commit at its checkpoints, and read_committed"
                                + " consumers (the apply) see records only then. Intervals"
                                + " compared: ")
                .append(LoadSettings.spaced(intervals))
                .append(", ")
                .append(settings.rounds())
                .append(
                        " round(s) (even rounds in reverse order); the capture was restarted from"
                                + " its checkpoint for each (the downstream is checked equal to"
                                + " the upstream, count and checksum per table, after each"
                                + " restart and before every level), the apply ran throughout."
                                + " Every level's rate is its share of the first burst's pipeline"
                                + " rate, at every interval, so all carry the same load.\n");
        for (String w : settings.workloads()) {
            for (int level : settings.levels()) {
                String prefix = w + "-" + level;
                md.append("\n### `")
                        .append(w)
                        .append("` at ")
                        .append(level)
                        .append("% (")
                        .append(
                                Figures.whole(
                                        results.figure(
                                                LoadLevels.key(w, "" + level, first, 1), "rate")))
                        .append(" tx/s)\n\n");
                md.append(
                        "| checkpoint interval | DT p50 ms | DT p95 ms | DT p99 ms | DT max ms | p99 <"
                                + " 1 s | CPU µs per change: capture / apply / Kafka (mean of"
                                + " rounds) | all three ÷ the first interval's, per round | at full"
                                + " speed: upstream tx/s / pipeline caught up after (means of the"
                                + " bursts) | idle cores: capture / apply / Kafka (mean of rounds)"
                                + " |\n");
                md.append("|---|--:|--:|--:|--:|---|---|---|--:|---|\n");
                for (CheckpointInterval ci : intervals) {
                    Heartbeats pooled = Heartbeats.NONE;
                    List<String> ratios = new ArrayList<>();
                    List<Double> upTps = new ArrayList<>();
                    List<Double> tails = new ArrayList<>();
                    for (int round = 1; round <= settings.rounds(); round++) {
                        String k = LoadLevels.key(w, "" + level, ci, round);
                        String k0 = LoadLevels.key(w, "" + level, first, round);
                        pooled = pooled.pool(heartbeats.getOrDefault(k, Heartbeats.NONE));
                        ratios.add(
                                Ratio.text(
                                        LoadText.usAll(results, k), LoadText.usAll(results, k0)));
                        String max = LoadLevels.key(w, "max", ci, round);
                        upTps.add(results.figure(max, "up_tps"));
                        tails.add(results.figure(max, "tail_s"));
                    }
                    double p99 = pooled.percentile(0.99);
                    md.append(
                            TableRow.of(
                                    ci.reportText(),
                                    Figures.whole(pooled.percentile(0.50)),
                                    Figures.whole(pooled.percentile(0.95)),
                                    Figures.whole(p99),
                                    Figures.whole(pooled.percentile(1.0)),
                                    Double.isNaN(p99) ? Figures.MISSING : p99 < 1000 ? "yes" : "no",
                                    usMean(prefix, ci, "capture")
                                            + " / "
                                            + usMean(prefix, ci, "apply")
                                            + " / "
                                            + usMean(prefix, ci, "kafka"),
                                    String.join(", ", ratios),
                                    Figures.whole(LoadText.mean(upTps))
                                            + " / "
                                            + Figures.oneDecimal(LoadText.mean(tails))
                                            + " s",
                                    idleMean(ci, "capture")
                                            + " / "
                                            + idleMean(ci, "apply")
                                            + " / "
                                            + idleMean(ci, "kafka")));
                }
                md.append(
                        "\nEach round on its own (the DT percentiles above pool every round's"
                                + " heartbeats):\n\n");
                md.append(
                        "| checkpoint interval | round | upstream tx/s | DT p50 / p95 / p99 / max ms"
                                + " | heartbeats sent / arrived | CPU µs per change: capture /"
                                + " apply / Kafka | capture, apply, Kafka ÷ the first interval's |"
                                + " cores over the level: capture, apply, upstream, downstream,"
                                + " Kafka |\n");
                md.append("|---|--:|--:|---|--:|---|---|---|\n");
                for (int round = 1; round <= settings.rounds(); round++) {
                    for (CheckpointInterval ci : settings.roundIntervals(round)) {
                        String k = LoadLevels.key(w, "" + level, ci, round);
                        String k0 = LoadLevels.key(w, "" + level, first, round);
                        md.append(
                                TableRow.of(
                                        ci.reportText(),
                                        round,
                                        Figures.whole(results.figure(k, "up_tps")),
                                        Figures.whole(results.figure(k, "p50_ms"))
                                                + " / "
                                                + Figures.whole(results.figure(k, "p95_ms"))
                                                + " / "
                                                + Figures.whole(results.figure(k, "p99_ms"))
                                                + " / "
                                                + Figures.whole(results.figure(k, "max_ms")),
                                        Figures.whole(results.figure(k, "sent"))
                                                + " / "
                                                + Figures.whole(results.figure(k, "arrived")),
                                        us(k, "capture")
                                                + " / "
                                                + us(k, "apply")
                                                + " / "
                                                + us(k, "kafka"),
                                        usRatio(k, k0, "capture")
                                                + ", "
                                                + usRatio(k, k0, "apply")
                                                + ", "
                                                + usRatio(k, k0, "kafka"),
                                        LoadText.cores(
                                                results, k, "capture", "apply", "up", "down",
                                                "kafka")));
                    }
                }
            }
        }
    }

    private String us(String key, String process) {
        return Figures.oneDecimal(LoadText.usPerChange(results, key, process));
    }

    private String usRatio(String key, String firstKey, String process) {
        return Ratio.text(
                LoadText.usPerChange(results, key, process),
                LoadText.usPerChange(results, firstKey, process));
    }

    /** µs per change of {@code process} at {@code ci}, mean over the rounds. */
    private String usMean(String prefix, CheckpointInterval ci, String process) {
        List<Double> values = new ArrayList<>();
        for (int round = 1; round <= settings.rounds(); round++) {
            values.add(
                    LoadText.usPerChange(results, prefix + "@" + ci.text() + "#" + round, process));
        }
        return Figures.oneDecimal(LoadText.mean(values));
    }

    /** Idle cores of {@code process} at {@code ci}, mean over the rounds. */
    private String idleMean(CheckpointInterval ci, String process) {
        List<Double> values = new ArrayList<>();
        for (int round = 1; round <= settings.rounds(); round++) {
            String key = "idle@" + ci.text() + "#" + round;
            values.add(div(results.figure(key, "cpu_" + process), results.figure(key, "wall")));
        }
        return Figures.twoDecimals(LoadText.mean(values));
    }
}
