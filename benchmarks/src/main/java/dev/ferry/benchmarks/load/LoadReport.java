package dev.ferry.benchmarks.load;

import static dev.ferry.benchmarks.load.LoadResults.div;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import dev.ferry.benchmarks.report.TableRow;
import dev.ferry.benchmarks.report.Verdict;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The load table's Markdown report, as benchmarks/load.sh wrote it: settings, (a) the load levels
 * per workload with their charts, the checkpoint interval comparison, (b) the large transactions
 * with their chart, ratios and targets, restarts, and how each figure was measured.
 */
public final class LoadReport {
    private final BenchRun run;
    private final LoadSettings settings;
    private final LoadResults results;
    private final Map<String, Heartbeats> heartbeats;
    private final String commandLine;
    private final long restarts;
    private final Report report;
    private final int cores = Runtime.getRuntime().availableProcessors();

    public LoadReport(
            BenchRun run,
            LoadSettings settings,
            LoadResults results,
            Map<String, Heartbeats> heartbeats,
            String commandLine,
            long restarts) {
        this.run = run;
        this.settings = settings;
        this.results = results;
        this.heartbeats = heartbeats;
        this.commandLine = commandLine;
        this.restarts = restarts;
        this.report = new Report(run);
    }

    /** The report's text (drawing its charts beside it). */
    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append(
                report.header(
                        "Load levels and large transactions",
                        "Issue 6, table 4, as PolarDB-X CDC's performance page: `"
                                + commandLine
                                + "`. PolarDB-X's published figures are quoted for comparison,"
                                + " not measured here."));
        settingsSection(md);
        if (settings.levelsOn()) {
            levelsSection(md);
            if (settings.compareIntervals()) {
                new IntervalSection(settings, results, heartbeats).append(md);
            }
        }
        if (settings.largeOn()) {
            new LargeSection(run, settings, results, report).append(md);
        }
        md.append("\nTask restarts in the jobs' logs during the run: ")
                .append(restarts)
                .append(" (a restart during a measurement would invalidate it).\n");
        HowMeasured.append(md, settings);
        return md.toString();
    }

    /** Writes it to results/load/&lt;start&gt;.md and shows it. */
    public void write() throws IOException {
        report.write(markdown());
    }

    private String first() {
        return "@" + settings.intervals().get(0).text() + "#1";
    }

    private String intervalsText() {
        if (settings.compareIntervals()) {
            return "the capture's `job.checkpoint-interval` "
                    + LoadSettings.spaced(settings.intervals())
                    + " in turn, capture restarted from its checkpoint for each, "
                    + settings.rounds()
                    + " round(s), even rounds in reverse order";
        }
        return settings.intervals().get(0).reportText();
    }

    private void settingsSection(StringBuilder md) {
        md.append("\n## Settings\n\n");
        md.append("- ferry: capture (`capture.parallelism` 4, one binlog reader, Kafka compression")
                .append(" lz4, checkpoints: ")
                .append(intervalsText())
                .append(
                        ", default heap) and apply (`apply.consistency=transaction`, `apply.workers` ")
                .append(LoadSettings.WORKERS)
                .append(", `apply.batch-size` ")
                .append(LoadSettings.BATCH)
                .append(", heap `-Xmx")
                .append(LoadSettings.APPLY_HEAP)
                .append(
                        "`, `apply.memory-limit` at its default 64 mb, `apply.max-transaction-size`"
                                + " raised from its default 100 mb to 4 gb so that the large"
                                + " transactions are committed whole — TiDB's"
                                + " `txn-total-size-limit` goes up to 10 GB — and"
                                + " `apply.spill-dir` on the local disk) as two `java -jar"
                                + " jobs/target/ferry.jar` processes, with Flink's Prometheus"
                                + " reporter on the apply; every other option at its default.\n");
        if (settings.levelsOn()) {
            md.append("- load levels: ")
                    .append(sysbenchVersion())
                    .append(" `")
                    .append(LoadSettings.spaced(settings.workloads()))
                    .append("` on ")
                    .append(LoadSettings.TABLES)
                    .append(" tables of ")
                    .append(Figures.whole((double) LoadSettings.ROWS))
                    .append(" rows, ")
                    .append(settings.threads())
                    .append(" threads; first ")
                    .append(settings.calibrateSeconds())
                    .append(
                            " s at full speed with the pipeline running, timed until the pipeline"
                                    + " has caught up (the 100% level: the upstream's rate if the"
                                    + " pipeline kept up, else the pipeline's), then each level"
                                    + " for ")
                    .append(settings.seconds())
                    .append(
                            " s at `--rate` = that share of it; the steady window is each level's"
                                    + " last ")
                    .append(settings.seconds() - settings.warmSeconds())
                    .append(
                            " s; before each level the pipeline catches up (the downstream's tables"
                                    + " equal the upstream's: count and checksum per table).\n");
        }
        if (settings.largeOn()) {
            md.append("- large transactions: one `INSERT … SELECT … FROM seq_1_to_N` per size (")
                    .append(LoadSettings.spaced(settings.sizes()))
                    .append(
                            " MB of rows: N = 1,000 × MB rows of an INT id and a 1,000-character"
                                    + " VARCHAR); the baseline: a backlog of ")
                    .append(Figures.whole((double) settings.smallMb() * 100))
                    .append(" transactions of 10 such rows (")
                    .append(settings.smallMb())
                    .append(" MB), once before and once after the large ones, into two tables.\n");
        }
    }

    private void levelsSection(StringBuilder md) {
        md.append("\n## (a) Load levels\n");
        String first = first();
        for (String w : settings.workloads()) {
            String max = w + "-max" + first;
            md.append("\n### `").append(w).append("`\n\n");
            md.append("The upstream took ")
                    .append(Figures.whole(results.figure(max, "up_tps")))
                    .append(" tx/s (")
                    .append(Figures.whole(results.figure(max, "up_qps")))
                    .append(
                            " queries/s) at full speed with the pipeline running, and the pipeline"
                                    + " had caught up ")
                    .append(Figures.oneDecimal(results.figure(max, "tail_s")))
                    .append(" s after that burst ended: ");
            if (Double.valueOf(1).equals(results.figure(max, "kept_up"))) {
                md.append(
                        "it kept up (within a checkpoint interval and 1.5 s), so its own maximum is"
                                + " at least the upstream's rate, which is the 100% level");
            } else {
                md.append(
                                "it fell behind, and its own maximum, the burst's transactions over"
                                        + " the time until caught up, ")
                        .append(Figures.whole(results.figure(max, "drain_tps")))
                        .append(" tx/s, is the 100% level");
            }
            md.append('.');
            if (settings.compareIntervals()) {
                md.append(" This table is the first checkpoint interval's (")
                        .append(settings.intervals().get(0).reportText())
                        .append(") first round; every interval and round is below.");
            }
            md.append("\n\n");
            md.append(
                    "| load | sysbench `--rate` tx/s | upstream tx/s | upstream QPS | upstream binlog"
                            + " MB/s | DT p50 ms | DT p95 ms | DT p99 ms | DT max ms | heartbeats"
                            + " sent / arrived | `replicationDelayMs` mean / max ms | BPS MB/s |"
                            + " EPS | TPS | CPU cores: capture, apply, upstream, downstream, Kafka"
                            + " |\n");
            md.append("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
            StringBuilder dt =
                    new StringBuilder(
                            "upstream tx/s\tDT p50 (heartbeat)\tDT p95 (heartbeat)\treplicationDelayMs"
                                    + " mean\n");
            StringBuilder rates =
                    new StringBuilder(
                            "load\tEPS (row changes/s)\tTPS (transactions/s)\tupstream tx/s\n");
            for (int level : settings.levels()) {
                String r = w + "-" + level + first;
                md.append(
                        TableRow.of(
                                level + "%",
                                Figures.whole(results.figure(r, "rate")),
                                Figures.whole(results.figure(r, "up_tps")),
                                Figures.whole(results.figure(r, "up_qps")),
                                Figures.twoDecimals(
                                        div(
                                                div(results.figure(r, "binlog_bytes"), 1e6),
                                                results.figure(r, "wall"))),
                                Figures.whole(results.figure(r, "p50_ms")),
                                Figures.whole(results.figure(r, "p95_ms")),
                                Figures.whole(results.figure(r, "p99_ms")),
                                Figures.whole(results.figure(r, "max_ms")),
                                Figures.whole(results.figure(r, "sent"))
                                        + " / "
                                        + Figures.whole(results.figure(r, "arrived")),
                                Figures.whole(results.figure(r, "metric_dt_mean_ms"))
                                        + " / "
                                        + Figures.whole(results.figure(r, "metric_dt_max_ms")),
                                Figures.twoDecimals(div(results.figure(r, "bps"), 1e6)),
                                Figures.whole(results.figure(r, "eps")),
                                Figures.whole(results.figure(r, "tps")),
                                LoadText.cores(
                                        results, r, "capture", "apply", "up", "down", "kafka")));
                dt.append(level)
                        .append("% (")
                        .append(Figures.whole(results.figure(r, "up_tps")))
                        .append(")\t")
                        .append(cell(results.figure(r, "p50_ms")))
                        .append('\t')
                        .append(cell(results.figure(r, "p95_ms")))
                        .append('\t')
                        .append(cell(results.figure(r, "metric_dt_mean_ms")))
                        .append('\n');
                rates.append(level)
                        .append("%\t")
                        .append(cell(results.figure(r, "eps")))
                        .append('\t')
                        .append(cell(results.figure(r, "tps")))
                        .append('\t')
                        .append(cell(results.figure(r, "up_tps")))
                        .append('\n');
            }
            md.append('\n')
                    .append(
                            report.chart(
                                    "line",
                                    w + "-dt",
                                    w + ": replication delay by load",
                                    "load (upstream tx/s)",
                                    "delay, ms",
                                    dt.toString()))
                    .append("\n\n")
                    .append(
                            report.chart(
                                    "line",
                                    w + "-rates",
                                    w + ": applied rates by load",
                                    "load",
                                    "per second",
                                    rates.toString()))
                    .append('\n');
            String top = w + "-" + settings.highestLevel() + first;
            md.append("\nWhat limits it: at the highest level the measured processes kept ")
                    .append(
                            Figures.twoDecimals(
                                    LoadText.busy(
                                            results, top, "capture", "apply", "up", "down",
                                            "kafka")))
                    .append(" of ")
                    .append(cores)
                    .append(" cores busy (")
                    .append(LoadText.cores(results, top, "capture", "apply", "up", "down", "kafka"))
                    .append(
                            "), sysbench and the probes not counted. The delay's floor is the"
                                    + " capture's checkpoint interval: changes become visible in"
                                    + " Kafka only when the capture's Kafka transaction commits at"
                                    + " a checkpoint (")
                    .append(settings.intervals().get(0).reportText())
                    .append(
                            " here), so a change waits about half an interval there on average,"
                                    + " and up to a whole one.\n");
        }
        md.append(
                "\nPolarDB-X CDC's published `oltp_write_only` rows, for comparison (not measured"
                        + " here; 16 data nodes of 32 cores, a 16-core CDC node): QPS 106,082 →"
                        + " 518,069; DT 45 → 420 ms; BPS 34 → 152 MB/s (binlog bytes); EPS 274,068"
                        + " → 1,201,216; TPS 17,761 → 84,654. ");
        List<String> trends = new ArrayList<>();
        for (String w : settings.workloads()) {
            trends.add(
                    LoadText.delayTrend(
                            w,
                            results.figure(w + "-" + settings.lowestLevel() + first, "p50_ms"),
                            results.figure(w + "-" + settings.highestLevel() + first, "p50_ms")));
        }
        md.append(String.join(" ", trends)).append('\n');
    }

    /** A chart's cell: the figure, or empty (a missing value). */
    static String cell(Double value) {
        return value == null ? "" : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String sysbenchVersion() {
        try {
            Process process =
                    new ProcessBuilder("sysbench", "--version").redirectErrorStream(true).start();
            String out =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            return out.strip();
        } catch (IOException e) {
            return "sysbench";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "sysbench";
        }
    }

    /** How many OutOfMemoryError lines the apply's log has (0 when it has none or no log). */
    static long outOfMemoryLines(Path applyLog) {
        try {
            return Files.exists(applyLog)
                    ? Files.readAllLines(applyLog, StandardCharsets.UTF_8).stream()
                            .filter(line -> line.contains("OutOfMemoryError"))
                            .count()
                    : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** The downstream's redo log in MB, or null when it has none (TiDB). */
    static Double redoLogMb(BenchRun run) {
        try {
            return Math.floor(run.downstream().number("SELECT @@innodb_log_file_size") / 1048576.0);
        } catch (SQLException e) {
            return null;
        }
    }

    /** Ratio text for the report: "1.09×" or "—". */
    static String ratio(Double a, Double b) {
        return Ratio.text(a, b);
    }

    /** The verdict of {@code value} against {@code target}. */
    static String verdict(Double value, double target) {
        return Verdict.of(value, target);
    }
}
