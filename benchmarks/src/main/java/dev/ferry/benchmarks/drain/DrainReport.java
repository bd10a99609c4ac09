package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.TableRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The drain table's Markdown report from its results: settings, one table per workload, the ratios
 * against issue 23's targets, the profile (with --profile), failed or flagged runs and how each
 * figure was measured; the same report benchmarks/drain.sh wrote.
 */
final class DrainReport {
    /**
     * The --profile run's results and its recordings' hot methods.
     *
     * @param results the profile run's drains (the whole pipeline's, then the apply's from Kafka)
     * @param hotMethods recording name (apply, capture, apply-kafka) to its hot-methods table, for
     *     the recordings that were written
     */
    record Profile(List<DrainResult> results, Map<String, String> hotMethods) {}

    private final DrainSettings settings;
    private final String database;

    DrainReport(DrainSettings settings, String database) {
        this.settings = settings;
        this.database = database;
    }

    /** The pipeline's name as the tables show it. */
    static String nameOf(String pipeline) {
        return switch (pipeline) {
            case "transaction" -> "ferry transaction";
            case "row" -> "ferry row";
            case "stock" -> "stock mysql-cdc → jdbc";
            case "transaction@kafka" -> "ferry transaction, apply from Kafka";
            case "row@kafka" -> "ferry row, apply from Kafka";
            default -> pipeline;
        };
    }

    static final String HEADER =
            "| pipeline | workers | row changes | transactions | drain s | rows/s | transactions/s"
                    + " | CPU s capture | CPU s apply | CPU s stock job | CPU s Kafka | CPU s"
                    + " downstream mysqld | CPU s upstream mysqld | CPU s stolen | downstream row"
                    + " ops per change |\n"
                    + "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";

    /** One result's row of a workload's table. */
    static String row(DrainResult r) {
        return TableRow.of(
                nameOf(r.pipeline()),
                Integer.toString(r.workers()),
                Figures.whole(number(r.rowChanges())),
                Figures.whole(number(r.transactions())),
                Figures.oneDecimal(r.drainSeconds()),
                Figures.whole(r.rowsPerSecond()),
                Figures.whole(r.transactionsPerSecond()),
                Figures.oneDecimal(r.cpuOf("capture")),
                Figures.oneDecimal(r.cpuOf("apply")),
                Figures.oneDecimal(r.cpuOf("stock")),
                Figures.oneDecimal(r.cpuOf("kafka")),
                Figures.oneDecimal(r.cpuOf("down")),
                Figures.oneDecimal(r.cpuOf("up")),
                Figures.oneDecimal(r.cpuOf("steal")),
                Figures.twoDecimals(r.opsPerChange()));
    }

    /**
     * The report: {@code head} (title, intro line and Machine section), then the rest from the
     * results.
     */
    String markdown(String head, List<DrainResult> results, Profile profile) {
        StringBuilder md = new StringBuilder(head);
        md.append('\n');
        settingsSection(md);
        for (String workload : settings.workloads()) {
            md.append("## `").append(workload).append("`\n\n").append(HEADER);
            results.stream()
                    .filter(r -> r.workload().equals(workload))
                    .forEach(r -> md.append(row(r)));
            md.append('\n');
        }
        ratiosSection(md, results);
        if (profile != null) {
            profileSection(md, profile);
        }
        md.append("## Failed or flagged runs\n\n");
        List<DrainResult> flagged = results.stream().filter(r -> !r.ok()).toList();
        for (DrainResult r : flagged) {
            md.append("- `")
                    .append(r.workload())
                    .append("` ")
                    .append(nameOf(r.pipeline()))
                    .append(" at ")
                    .append(r.workers())
                    .append(" workers: ")
                    .append(r.status())
                    .append('\n');
        }
        if (flagged.isEmpty()) {
            md.append(
                    "None: every run caught up without a failover, and its downstream checksums"
                            + " equal the upstream's.\n");
        }
        md.append('\n');
        md.append(DrainMethods.text(database, settings.totalRows()));
        return md.toString();
    }

    private void settingsSection(StringBuilder md) {
        String workloads =
                settings.workloads().stream()
                        .map(w -> "`" + w + "`")
                        .collect(Collectors.joining(", then "));
        String workers =
                settings.workers().stream().map(String::valueOf).collect(Collectors.joining(" "));
        md.append("## Settings\n\n")
                .append("- workloads: sysbench ")
                .append(workloads)
                .append(", ")
                .append(DrainSettings.TABLES)
                .append(" tables of ")
                .append(settings.rowsPerTable())
                .append(" rows prepared; ")
                .append(settings.seconds())
                .append(" s of `run` with ")
                .append(settings.threads())
                .append(" threads while the pipeline is paused\n")
                .append("- workers: ")
                .append(workers)
                .append(
                        " (ferry `apply.workers`; stock: `parallelism.default`, i.e. source and"
                                + " sink parallelism)\n")
                .append("- batch: ")
                .append(settings.batch())
                .append(" rows (ferry `apply.batch-size`; stock `sink.buffer-flush.max-rows`)\n")
                .append(
                        "- ferry: capture (`capture.parallelism` 4, Kafka compression lz4, default"
                                + " heap) and apply (`-Xmx1g`) as two `java -jar"
                                + " jobs/target/ferry.jar` processes; every other option at its"
                                + " default\n")
                .append(
                        "- stock: `java -jar benchmarks/target/ferry-benchmarks.jar"
                                + " benchmarks/sql/stock-snapshot.sql` (default heap), connectors"
                                + " as shipped\n")
                .append(
                        "- every JVM: `heartbeat.timeout` 600 s, so that a paused mini-cluster"
                                + " does not fail over on resume\n\n");
    }

    private void ratiosSection(StringBuilder md, List<DrainResult> results) {
        md.append("## Ratios (drain rate in rows/s)\n\n")
                .append(
                        "Targets (issue 23): the **apply from Kafka** (ferry transaction mode)"
                                + " drains at least 1.5× as fast as the stock pipeline, with the"
                                + " apply heap at 1 GB or less (here `-Xmx1g`); the **whole"
                                + " pipeline** at least 1.0× (the stock job has no Kafka hop;"
                                + " matching it with one is the bar).\n")
                .append(
                        "Two ferry figures: the **apply's drain** of a backlog already in Kafka"
                                + " (the apply paused, the capture running: what the apply itself"
                                + " does per second), and the **whole pipeline's drain** of a"
                                + " backlog in the binlog (capture and apply paused: capture,"
                                + " Kafka and apply share the cores). The stock pipeline has one"
                                + " process and drains the binlog.\n\n")
                .append(
                        "| workload | workers | ferry apply from Kafka ÷ stock | target ≥ 1.5× |"
                                + " ferry whole pipeline ÷ stock | target ≥ 1.0× | ferry"
                                + " transaction ÷ ferry row (apply from Kafka) |\n")
                .append("|---|--:|--:|---|--:|---|--:|\n");
        DrainRatios ratios = new DrainRatios(results);
        for (String workload : settings.workloads()) {
            for (int workers : settings.workers()) {
                md.append(ratios.row(workload, workers)).append('\n');
            }
        }
        md.append('\n').append(ratios.summary()).append("\n\n");
    }

    private void profileSection(StringBuilder md, Profile profile) {
        md.append("## Profile\n\n")
                .append("One more ferry transaction-mode drain of `")
                .append(settings.lastWorkload())
                .append("` at ")
                .append(settings.mostWorkers())
                .append(" workers, with Java Flight Recorder\n")
                .append(
                        "(`jcmd <pid> JFR.start settings=profile`, started before the pause,"
                                + " stopped when the downstream has caught up).\n")
                .append("Its figures are not in the tables above, as the recorder costs CPU:\n\n")
                .append(HEADER);
        profile.results().stream().filter(DrainResult::drained).forEach(r -> md.append(row(r)));
        md.append('\n');
        for (DrainResult r : profile.results()) {
            md.append("Run status, ")
                    .append(nameOf(r.pipeline()))
                    .append(": ")
                    .append(r.status())
                    .append("\n\n");
        }
        Map<String, String> captions = new LinkedHashMap<>();
        captions.put(
                "apply",
                "Hot methods of the apply process during the whole pipeline's drain (top frames of"
                        + " `jdk.ExecutionSample`; native I/O waits are not sampled):");
        captions.put(
                "capture",
                "Hot methods of the capture process during the whole pipeline's drain (top frames"
                        + " of `jdk.ExecutionSample`; native I/O waits are not sampled):");
        captions.put(
                "apply-kafka",
                "Hot methods of the apply process during its drain from Kafka (top frames of"
                        + " `jdk.ExecutionSample`):");
        captions.forEach(
                (name, caption) -> {
                    String table = profile.hotMethods().get(name);
                    if (table != null) {
                        md.append(caption).append("\n\n").append(table).append('\n');
                    }
                });
    }

    private static Double number(Long value) {
        return value == null ? null : value.doubleValue();
    }
}
