package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import dev.ferry.benchmarks.report.TableRow;
import dev.ferry.benchmarks.report.Verdict;
import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The Markdown of an incremental report after its header: settings, the live tables, the drain
 * table with the ceiling, the ratios against the targets, what limits ferry, the charts and how
 * each figure was measured; as incremental.sh wrote it.
 */
final class IncrementalReport {
    /** The drain target of ferry ÷ the stock pipeline (issue 6). */
    static final double STOCK_TARGET = 1.5;

    /** The drain target of ferry ÷ the downstream ceiling. */
    static final double CEILING_TARGET = 0.5;

    private final IncrementalPlan plan;
    private final IncrementalResults results;
    private final int captureParallelism;
    private final int cores;
    private final String loadAverage;

    /**
     * @param cores the machine's cores, and {@code loadAverage} its load, for the CPU-bound notes
     */
    IncrementalReport(
            IncrementalPlan plan,
            IncrementalResults results,
            int captureParallelism,
            int cores,
            String loadAverage) {
        this.plan = plan;
        this.results = results;
        this.captureParallelism = captureParallelism;
        this.cores = cores;
        this.loadAverage = loadAverage;
    }

    /** The line under the title: what the table is and the command that ran it. */
    static String what(String command) {
        return "Table 2 of the benchmark suite (issue 6), after TiDB DM's incremental replication"
                + " benchmark: `"
                + command
                + "`.";
    }

    /** Everything after the header; {@code charts} are the Markdown lines that show the charts. */
    String body(String charts) {
        StringBuilder md = new StringBuilder();
        settings(md);
        live(md);
        drains(md);
        ratios(md);
        limits(md);
        md.append("\n## Charts\n\n").append(charts).append('\n');
        howMeasured(md);
        return md.toString();
    }

    private void settings(StringBuilder md) {
        md.append("\n## Settings\n\n");
        md.append("- data: sysbench `oltp_insert prepare`, 4 tables of ")
                .append(Figures.whole((double) plan.rowsPerTable()))
                .append(" rows, copied by ferry first; then sysbench `run` with ")
                .append(plan.threads())
                .append(" threads, `--time` ")
                .append(plan.liveSeconds())
                .append(" s live and ")
                .append(plan.drainSeconds())
                .append(" s per drain\n");
        md.append("- ferry: one capture (`capture.parallelism` ")
                .append(captureParallelism)
                .append(
                        ") for the whole run; apply restarted for each `apply.workers` /"
                                + " `apply.batch-size` (`apply.consistency` transaction, the"
                                + " default; `-Xmx1g`), resuming from its progress in the"
                                + " downstream; every other option at its default\n");
        md.append(
                "- stock: `benchmarks/sql/stock-snapshot.sql` with `'scan.startup.mode' ="
                        + " 'latest-offset'` (no snapshot: it starts where ferry left the"
                        + " downstream equal to the upstream), `parallelism.default` = workers,"
                        + " `sink.buffer-flush.max-rows` = batch\n");
        md.append(
                "- downstream ceiling: `CeilingLoader` with the drain's connections and batch, on a"
                        + " database of its own\n");
        md.append("- live sweep (workers:batch): ")
                .append(
                        plan.livePoints().stream()
                                .map(SweepPoint::toString)
                                .collect(Collectors.joining(" ")))
                .append('\n');
    }

    private void live(StringBuilder md) {
        md.append("\n## Live: sysbench `")
                .append(plan.liveWorkload())
                .append("` upstream with the pipeline running\n\n");
        md.append(
                "| pipeline | workers | batch | upstream QPS / TPS | upstream p95 latency (ms) |"
                        + " capture events/s into Kafka | pipeline rows/s until caught up |"
                        + " seconds until caught up | downstream QPS / TPS / INSERTs per s |"
                        + " replication delay p50 / p95 / p99 (ms) | downstream transaction"
                        + " execution p50 / p95 / p99 (ms) |\n");
        md.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (LiveResult l : results.live) {
            md.append(
                    TableRow.of(
                            l.point().displayName(),
                            l.point().workers(),
                            l.point().batch(),
                            slashed(l, Kilo::of, LiveField.QPS, LiveField.TPS),
                            Figures.oneDecimal(l.get(LiveField.P95)),
                            Kilo.of(l.get(LiveField.CAPTURE_EPS)),
                            Kilo.of(l.get(LiveField.ROWS_S)),
                            Figures.oneDecimal(l.get(LiveField.BUSY)),
                            slashed(
                                    l,
                                    Kilo::of,
                                    LiveField.DOWN_QUESTIONS,
                                    LiveField.DOWN_COMMIT,
                                    LiveField.DOWN_INSERT),
                            slashed(l, Figures::whole, LiveField.D50, LiveField.D95, LiveField.D99),
                            slashed(
                                    l,
                                    Figures::oneDecimal,
                                    LiveField.C50,
                                    LiveField.C95,
                                    LiveField.C99)));
        }
        md.append("\nUpstream status counters during the sysbench window, per second:\n\n");
        md.append(
                "| pipeline | workers | batch | Com_insert | Com_update | Com_delete | Com_commit |"
                        + " Questions | sysbench ignored errors | heartbeats sent / arrived | max"
                        + " delay (ms) | CPU seconds per process | status |\n");
        md.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|\n");
        for (LiveResult l : results.live) {
            md.append(
                    TableRow.of(
                            l.point().displayName(),
                            l.point().workers(),
                            l.point().batch(),
                            Figures.whole(l.get(LiveField.UP_INSERT)),
                            Figures.whole(l.get(LiveField.UP_UPDATE)),
                            Figures.whole(l.get(LiveField.UP_DELETE)),
                            Figures.whole(l.get(LiveField.UP_COMMIT)),
                            Figures.whole(l.get(LiveField.UP_QUESTIONS)),
                            Figures.whole(l.get(LiveField.ERRORS)),
                            slashed(l, Figures::whole, LiveField.HB_SENT, LiveField.HB_ARRIVED),
                            Figures.whole(l.get(LiveField.DMAX)),
                            orMissing(l.cpu()),
                            l.status()));
        }
    }

    private void drains(StringBuilder md) {
        md.append("\n## Drain: the pipeline paused while sysbench writes, then resumed\n\n");
        md.append(
                "| pipeline | workers | batch | workload | row changes | transactions | drain (s) |"
                        + " rows/s | transactions/s | CPU seconds per process | CPU s per 100k"
                        + " changes | status |\n");
        md.append("|---|--:|--:|---|--:|--:|--:|--:|--:|---|--:|---|\n");
        for (DrainResult d : results.drains) {
            md.append(
                    TableRow.of(
                            d.point().displayName(),
                            d.point().workers(),
                            d.point().batch(),
                            "`" + d.point().workload() + "`",
                            Figures.whole(asDouble(d.changes())),
                            Figures.whole(asDouble(d.transactions())),
                            Figures.oneDecimal(d.seconds()),
                            Figures.whole(d.rowsPerSecond()),
                            Figures.whole(d.transactionsPerSecond()),
                            orMissing(d.cpu()),
                            Figures.oneDecimal(d.cpuPerHundredThousand()),
                            d.status()));
        }
        for (CeilingResult c : results.ceilings) {
            md.append(
                    TableRow.of(
                            "downstream ceiling (CeilingLoader, " + c.mode() + ")",
                            c.connections(),
                            c.batch(),
                            "`" + c.workload() + "`",
                            Figures.whole(asDouble(c.rows())),
                            "—",
                            Figures.oneDecimal(c.seconds()),
                            Figures.whole(c.rowsPerSecond()),
                            "—",
                            "p99 statement " + Figures.oneDecimal(c.p99Millis()) + " ms",
                            "—",
                            c.status()));
        }
    }

    private void ratios(StringBuilder md) {
        md.append("\n## Ratios and targets (drain rows/s, same run)\n\n");
        md.append(
                "| workload | workers | ferry ÷ stock pipeline | target ≥ 1.5× | ferry ÷ downstream"
                        + " ceiling | target ≥ 0.5× |\n");
        md.append("|---|--:|--:|---|--:|---|\n");
        for (int w : plan.drainWorkers()) {
            for (String workload : plan.workloads()) {
                Double ferry = results.drainRate(Point.FERRY, w, workload);
                Double stock = results.drainRate(Point.STOCK, w, workload);
                Double ceiling = results.ceilingRate(w, workload);
                md.append(
                        TableRow.of(
                                "`" + workload + "`",
                                w,
                                Ratio.text(ferry, stock),
                                Verdict.of(ratio(ferry, stock), STOCK_TARGET),
                                Ratio.text(ferry, ceiling),
                                Verdict.of(ratio(ferry, ceiling), CEILING_TARGET)));
            }
        }
    }

    private void limits(StringBuilder md) {
        md.append(
                "\nWhat limits ferry here: the CPU seconds per process show where the cores went; on"
                        + " a CPU-bound machine the pipeline that spends less CPU per row change"
                        + " drains faster:\n\n");
        for (int w : plan.drainWorkers()) {
            for (String workload : plan.workloads()) {
                DrainResult ferry = results.drain(Point.FERRY, w, workload).orElse(null);
                if (ferry == null || !ferry.drained()) {
                    continue;
                }
                DrainResult stock = results.drain(Point.STOCK, w, workload).orElse(null);
                md.append("- `")
                        .append(workload)
                        .append("`, ")
                        .append(w)
                        .append(" workers: ferry used ")
                        .append(Figures.oneDecimal(ferry.cpuPerHundredThousand()))
                        .append(" CPU seconds per 100k row changes (CPU seconds in all: ")
                        .append(ferry.cpu())
                        .append(')');
                if (stock != null && stock.drained()) {
                    md.append(", the stock pipeline ")
                            .append(Figures.oneDecimal(stock.cpuPerHundredThousand()))
                            .append(" (")
                            .append(stock.cpu())
                            .append(')');
                }
                md.append(". Ferry's drain was ")
                        .append(CpuUse.boundNote(ferry.cores(), cores, loadAverage))
                        .append('\n');
            }
        }
    }

    private void howMeasured(StringBuilder md) {
        md.append("## How each figure was measured\n\n");
        md.append(
                "- **upstream QPS / TPS, p95 latency**: sysbench's own summary (`queries` and"
                        + " `transactions` per second, `95th percentile` of its transaction latency)"
                        + " over its `--time`. The upstream table shows the upstream's `SHOW GLOBAL"
                        + " STATUS` counters (`Com_insert`, …, `Questions`) over the same window, per"
                        + " second; they include the heartbeat's inserts.\n");
        md.append(
                "- **capture events/s into Kafka** (ferry): growth of the change topics' end"
                        + " offsets (Kafka Admin API, `TopicOffsets`) over the sysbench window ÷ its"
                        + " length; markers of Kafka transactions count too (one per partition and"
                        + " checkpoint).\n");
        md.append(
                "- **pipeline rows/s until caught up**: the row changes sysbench made"
                        + " (`oltp_insert`: one per transaction; `oltp_write_only`: 4 per"
                        + " transaction: UPDATE k, UPDATE c, DELETE and INSERT of one id) ÷ the"
                        + " seconds from the start of sysbench until the downstream's per-table"
                        + " `COUNT(*)` and `SUM(CRC32(CONCAT_WS('#',id,k,c,pad)))` equal the"
                        + " upstream's (polled every 0.5 s). On 2 cores a live load leaves the"
                        + " pipeline little CPU, so it falls behind and catches up after sysbench"
                        + " ends: this rate, not sysbench's, is what the pipeline sustained.\n");
        md.append(
                "- **downstream QPS / TPS / INSERTs per s**: the downstream's `Questions`,"
                        + " `Com_commit` (explicit commits: ferry commits each batch of transactions"
                        + " explicitly; the stock `jdbc` sink autocommits, so its TPS shows 0 here)"
                        + " and `Com_insert` growth over the same seconds until caught up, per"
                        + " second. The polls that check the state count in `Questions`.\n");
        md.append(
                "- **replication delay**: `dev.ferry.benchmarks.heartbeat.Heartbeat` (in"
                        + " ferry-bench's JVM) inserts a row upstream every 100 ms during sysbench"
                        + " (into `sbtest1` with a negative id, which sysbench never touches, so both"
                        + " pipelines carry it) and polls the downstream every 20 ms; delay = time"
                        + " seen downstream − time its autocommitted INSERT returned, on one clock."
                        + " p50/p95/p99/max over every heartbeat; a heartbeat still missing when the"
                        + " downstream caught up is reported as not arrived.\n");
        md.append(
                "- **transaction execution latency**: upstream, sysbench's p95 above. Downstream,"
                        + " for ferry: the apply's `commitLatencyUs` histogram (docs/consistency.md),"
                        + " the time of each downstream transaction from its first statement to its"
                        + " commit's return, over its last 1024 commits when the pipeline had caught"
                        + " up (at the first sweep point these include the initial copy's), read from"
                        + " its Prometheus endpoint; one downstream transaction holds one or more"
                        + " upstream ones. The stock `jdbc` sink exposes no such figure (—). The"
                        + " ceiling's p99 statement latency is measured around each `execute` in"
                        + " CeilingLoader.\n");
        md.append(
                        "- **drain**: before each drain a probe (an UPDATE of row id -1 upstream, seen"
                                + " downstream, then equal checksums) proves the pipeline runs and has"
                                + " caught up; every process of the pipeline then gets SIGSTOP, sysbench"
                                + " runs for ")
                .append(plan.drainSeconds())
                .append(
                        " s, the processes get SIGCONT, and the drain time runs from SIGCONT until"
                                + " per-table counts and checksums are equal. rows/s = row changes ÷"
                                + " drain time. ferry's capture and apply are both paused; the stock"
                                + " job is one process.\n");
        md.append(
                "- **downstream ceiling**: CeilingLoader writes the same number of row changes as"
                        + " the largest drained backlog, sysbench-identical generated rows, as"
                        + " autocommitted multi-row statements over the drain's connections: `INSERT`"
                        + " of new ids for `oltp_insert`; for `oltp_write_only` `INSERT … ON DUPLICATE"
                        + " KEY UPDATE` of existing ids (the statement ferry writes for a changed row;"
                        + " sysbench's 4 changes to one id fold into one such row, so this ceiling"
                        + " counts rows written, not changes — compare it with care).\n");
        md.append(
                "- **CPU seconds**: utime + stime from `/proc/<pid>/stat` per process (`capture`,"
                        + " `apply`, `stock`; the services `kafka`, `down`, `up`) from sysbench's"
                        + " start until caught up (live) or from SIGCONT until caught up (drain).\n");
    }

    private static Double ratio(Double numerator, Double denominator) {
        var ratio = Ratio.of(numerator, denominator);
        return ratio.isPresent() ? ratio.getAsDouble() : null;
    }

    /** The {@code fields} of {@code live}, each written by {@code figure}, joined by " / ". */
    private static String slashed(
            LiveResult live, Function<Double, String> figure, LiveField... fields) {
        return TableRow.slashed(
                Arrays.stream(fields).map(f -> figure.apply(live.get(f))).toArray(String[]::new));
    }

    private static Double asDouble(Long value) {
        return value == null ? null : value.doubleValue();
    }

    private static String orMissing(String text) {
        return text == null || text.isEmpty() ? Figures.MISSING : text;
    }
}
