package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.TableRow;
import dev.ferry.benchmarks.report.Verdict;
import dev.ferry.benchmarks.run.Pipelines;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The funnel's Markdown report after its header: the settings, the funnel in Canal's layout with
 * its charts, end to end ÷ binlog read against the 50% target, each stage in detail with its CPU
 * and what limits it, Canal's figures and how each figure was measured (report-notes.md).
 */
public final class FunnelReport {
    /** The report's title. */
    public static final String TITLE = "Stage funnel: binlog → downstream";

    /** End to end ÷ binlog read that issue 23 asks for. */
    static final double TARGET = 0.5;

    /** Draws a chart beside the report; the Markdown line that shows it (see Report#chart). */
    public interface Charts {
        String draw(
                String kind, String name, String title, String xLabel, String yLabel, String tsv);
    }

    private final FunnelSettings settings;
    private final List<WorkloadResult> results;
    private final long restarts;
    private final int cores;
    private final String binlogClientVersion;

    /**
     * A report of {@code results} (bulk, then single), run with {@code settings} on a machine of
     * {@code cores} cores, whose jobs' logs showed {@code restarts} task restarts.
     */
    public FunnelReport(
            FunnelSettings settings,
            List<WorkloadResult> results,
            long restarts,
            int cores,
            String binlogClientVersion) {
        this.settings = settings;
        this.results = List.copyOf(results);
        this.restarts = restarts;
        this.cores = cores;
        this.binlogClientVersion = binlogClientVersion;
    }

    /** What the header says the report is, with the command that ran it. */
    public static String what(String commandLine) {
        return "Issue 6, table 3, as Canal's Performance page: `"
                + commandLine
                + "`. Every stage is ferry's or the client library it is built on; Canal's"
                + " published figures are quoted for comparison, not measured here.";
    }

    /** Everything after the header, charts drawn by {@code charts}. */
    public String body(Charts charts) {
        StringBuilder md = new StringBuilder();
        settings(md);
        funnel(md, charts);
        ratios(md);
        details(md);
        md.append('\n')
                .append("Task restarts in the jobs' logs during the run: ")
                .append(restarts)
                .append(" (a restart during a measurement would invalidate it).\n\n");
        md.append(notes());
        return md.toString();
    }

    private void settings(StringBuilder md) {
        md.append("\n## Settings\n\n");
        md.append(
                        "- **bulk** workload: Canal's batch Insert/Update/Delete: a sysbench-shaped"
                                + " table (`id`, `k`, `c` CHAR(120), `pad` CHAR(60)); statements of"
                                + " 1,000 rows, each its own transaction: INSERT ")
                .append(whole(settings.bulkRows()))
                .append(" rows, UPDATE them, DELETE half and INSERT that half again: ")
                .append(whole(Workload.BULK.changes(settings)))
                .append(" row changes in ")
                .append(whole(Workload.BULK.transactions(settings)))
                .append(" transactions.\n");
        md.append(
                        "- **single** workload: `sysbench oltp_insert` (one autocommitted"
                                + " single-row INSERT per transaction), ")
                .append(settings.threads())
                .append(" threads, ")
                .append(whole(settings.singleRows()))
                .append(" transactions.\n");
        md.append("- ferry: capture (`capture.parallelism` ")
                .append(Pipelines.CAPTURE_PARALLELISM)
                .append(
                        ", one binlog reader, Kafka compression lz4, checkpoints every 2 s, default"
                                + " heap) and apply (`apply.consistency=transaction`,"
                                + " `apply.workers` ")
                .append(settings.workers())
                .append(", `apply.batch-size` ")
                .append(FunnelSettings.BATCH)
                .append(
                        ", `-Xmx1g`) as two `java -jar jobs/target/ferry.jar` processes, warmed up"
                                + " with 25,000 row changes before the first measurement; every"
                                + " other option at its default; one partition per change"
                                + " topic.\n");
        md.append("- probes (ferry-benchmarks.jar, `-Xmx256m`): `BinlogReadStage`")
                .append(" (mysql-binlog-connector-java ")
                .append(binlogClientVersion)
                .append(
                        ", the binlog client inside Flink CDC), `KafkaConsumeStage` (kafka-clients,"
                                + " Kafka's consumer defaults, read_committed); the downstream"
                                + " poll (`DownstreamPoll`, in ferry-bench's JVM, polls every"
                                + " 200 ms).\n");
    }

    private void funnel(StringBuilder md, Charts charts) {
        md.append("\n## The funnel (Canal's layout)\n\n");
        md.append(
                "Row changes per second after each stage, and MB/s of what the stage handles"
                        + " (binlog bytes for stages 1–2 and end to end, envelope key + value bytes"
                        + " for 3–6); % = of stage 1.\n\n");
        md.append("| stage |");
        results.forEach(r -> md.append(' ').append(r.workload().heading()).append(" |"));
        md.append("\n|---|");
        results.forEach(r -> md.append("--:|"));
        md.append('\n');
        for (Stage stage : Stage.values()) {
            md.append("| ").append(stage.title()).append(" |");
            for (WorkloadResult r : results) {
                md.append(' ')
                        .append(Figures.whole(r.rate(stage)))
                        .append("/s (")
                        .append(Figures.oneDecimal(r.megabytesPerSecond(stage)))
                        .append(" MB/s, ")
                        .append(Figures.oneDecimal(r.percentOfRead(stage)))
                        .append(" %) |");
            }
            md.append('\n');
        }
        md.append("| binlog : envelope size |");
        results.forEach(
                r -> md.append(" 1 : ").append(Figures.twoDecimals(r.expansion())).append(" |"));
        md.append("\n\n");
        md.append(
                        charts.draw(
                                "bar",
                                "funnel",
                                "Stage funnel: row changes/s after each stage",
                                "stage",
                                "row changes per second",
                                tsv(List.of(Stage.values()))))
                .append("\n\n");
        md.append(
                        charts.draw(
                                "bar",
                                "funnel-pipeline",
                                "Pipeline stages: row changes/s",
                                "stage",
                                "row changes per second",
                                tsv(List.of(Stage.EVENTS, Stage.PRODUCE, Stage.APPLY, Stage.E2E))))
                .append('\n');
    }

    /** A chart's data: a header row, then each stage's rate per workload (empty: not measured). */
    String tsv(List<Stage> stages) {
        StringBuilder tsv = new StringBuilder("stage");
        results.forEach(r -> tsv.append('\t').append(r.workload().label()));
        tsv.append('\n');
        for (Stage stage : stages) {
            tsv.append(stage.shortName());
            for (WorkloadResult r : results) {
                double rate = r.rate(stage);
                tsv.append('\t').append(Double.isNaN(rate) ? "" : Double.toString(rate));
            }
            tsv.append('\n');
        }
        return tsv.toString();
    }

    private void ratios(StringBuilder md) {
        md.append("\n## Ratios: end to end ÷ binlog read (target ≥ 50%)\n\n");
        md.append(
                "The upstream runs on this host, so no network bounds stage 1 (Canal's binlog"
                        + " receive was capped by a gigabit link at 117 MB/s).\n\n");
        md.append(
                "| workload | binlog read | end to end | end to end ÷ binlog read | target ≥ 50% |"
                        + " Canal's page (client receive ÷ binlog receive) |\n");
        md.append("|---|--:|--:|--:|---|--:|\n");
        for (WorkloadResult r : results) {
            double ratio = r.rate(Stage.E2E) / r.rate(Stage.RAW);
            md.append(
                    TableRow.of(
                            r.workload().label(),
                            Figures.whole(r.rate(Stage.RAW)) + "/s",
                            Figures.whole(r.rate(Stage.E2E)) + "/s",
                            Figures.oneDecimal(100 * ratio) + "%",
                            Verdict.of(ratio, TARGET),
                            r.workload().canalRatio()));
        }
        md.append('\n');
        for (WorkloadResult r : results) {
            md.append("- ").append(slowestLine(r)).append('\n');
        }
    }

    /** The sentence on a workload's slowest pipeline stage and what limits it. */
    String slowestLine(WorkloadResult r) {
        Stage slow = r.slowestPipelineStage();
        if (slow == null) {
            return r.workload().label() + ": ferry's stages were not measured.";
        }
        StageResult stage = r.get(slow);
        return r.workload().label()
                + ": the slowest of ferry's stages is "
                + slow.title()
                + " at "
                + Figures.whole(r.rate(slow))
                + "/s ("
                + Figures.oneDecimal(r.percentOfRead(slow))
                + "% of the binlog read; "
                + StageCpu.text(stage)
                + " cores: "
                + StageCpu.limit(stage, cores)
                + "); end to end, with capture and apply sharing the machine, runs at "
                + Figures.oneDecimal(100 * r.rate(Stage.E2E) / r.rate(slow))
                + "% of that stage's rate alone. The probes' stages (1, 2, 5) show what the client"
                + " libraries do on this machine without ferry's work.";
    }

    private void details(StringBuilder md) {
        md.append("\n## Each stage in detail\n");
        for (WorkloadResult r : results) {
            md.append("\n### ")
                    .append(r.workload().label())
                    .append(" (")
                    .append(whole(r.changes()))
                    .append(" row changes, ")
                    .append(Figures.whole(r.bytes(Stage.RAW)))
                    .append(" binlog bytes, ")
                    .append(Figures.whole(r.bytes(Stage.CONSUME)))
                    .append(" envelope bytes)\n\n");
            md.append(
                    "| stage | how the time was taken | s | row changes/s | MB/s | CPU (cores busy,"
                            + " by process) | what limits it |\n");
            md.append("|---|---|--:|--:|--:|---|---|\n");
            for (Stage stage : Stage.values()) {
                md.append(
                        TableRow.of(
                                stage.title(),
                                stage.how(),
                                Figures.twoDecimals(r.seconds(stage)),
                                Figures.whole(r.rate(stage)),
                                Figures.oneDecimal(r.megabytesPerSecond(stage)),
                                StageCpu.text(r.get(stage)),
                                StageCpu.limit(r.get(stage), cores)));
            }
            md.append("\nCounted by the probes: ")
                    .append(Figures.whole(r.binlogEvents()))
                    .append(" binlog events, ")
                    .append(Figures.whole(r.binlogRowChanges()))
                    .append(" row changes and ")
                    .append(Figures.whole(r.commits()))
                    .append(" commits in the binlog range; ")
                    .append(Figures.whole(r.topicRecords()))
                    .append(" records in the change topic (expected ")
                    .append(whole(r.changes()))
                    .append(").\n");
        }
    }

    private static String whole(long value) {
        return Figures.whole((double) value);
    }

    private static String notes() {
        try (InputStream in = FunnelReport.class.getResourceAsStream("report-notes.md")) {
            if (in == null) {
                throw new IllegalStateException("report-notes.md is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
