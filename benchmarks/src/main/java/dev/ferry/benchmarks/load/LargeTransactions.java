package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.funnel.BinlogPosition;
import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.RunProcess;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Part (b) of the load table: a backlog of small transactions, one transaction per size, and the
 * backlog again, each written upstream while the apply is paused, then timed from the apply's
 * resumption until all rows are visible downstream, while a reader checks it never sees part of a
 * large one.
 */
public final class LargeTransactions {
    private final BenchRun run;
    private final LoadSettings settings;
    private final LoadPipeline pipeline;
    private final LoadResults results;

    public LargeTransactions(
            BenchRun run, LoadSettings settings, LoadPipeline pipeline, LoadResults results) {
        this.run = run;
        this.settings = settings;
        this.pipeline = pipeline;
        this.results = results;
    }

    /** The tables the transactions go to: small_1, small_2 and big_SIZE. */
    public static List<String> tableNames(LoadSettings settings) {
        List<String> names = new java.util.ArrayList<>(List.of("small_1", "small_2"));
        settings.sizes().forEach(size -> names.add("big_" + size));
        return names;
    }

    /**
     * One INSERT of {@code rows} rows of 1,000 bytes (plus the id) from {@code firstId} into {@code
     * database.table}, from MariaDB's sequence engine.
     */
    public static String insertSql(String database, String table, long firstId, long rows) {
        return "INSERT INTO "
                + database
                + "."
                + table
                + " SELECT seq, REPEAT(CHAR(65 + seq % 26), 1000) FROM "
                + database
                + ".seq_"
                + firstId
                + "_to_"
                + (firstId + rows - 1);
    }

    /** The backlog, every size, the backlog again. */
    public void run() throws Exception {
        int smallRows = settings.smallMb() * 1000;
        Progress.say(
                "small transactions: a backlog of "
                        + smallRows / 10
                        + " transactions of 10 rows ("
                        + settings.smallMb()
                        + " MB)");
        transfer("small_1", smallRows, smallRows / 10, false);
        for (int size : settings.sizes()) {
            Progress.say("one transaction of " + size + " MB (" + size * 1000 + " rows)");
            transfer("big_" + size, size * 1000, 1, true);
        }
        Progress.say("small transactions again, so that drift in the machine's other work shows");
        transfer("small_2", smallRows, smallRows / 10, false);
    }

    private void transfer(String table, int rows, int transactions, boolean atomic)
            throws Exception {
        int per = rows / transactions;
        RunProcess apply = pipeline.apply();
        apply.pause();
        try {
            Tsv before = pipeline.metrics();
            double spilled0 = SteadyWindow.last(before, "transactionsSpilled");
            double bytes0 = SteadyWindow.last(before, "bytesApplied");
            long seenMs;
            long tStart;
            long tCommit;
            BinlogPosition from;
            BinlogPosition to;
            try (EndRecordWait ends =
                    EndRecordWait.start(
                            run.services().kafkaBootstrap(),
                            java.util.regex.Pattern.quote(pipeline.tag() + "-tx"),
                            transactions)) {
                from = pipeline.masterPosition();
                tStart = System.currentTimeMillis();
                for (int i = 0; i < transactions; i++) {
                    run.upstream()
                            .execute(insertSql(run.database(), table, (long) i * per + 1, per));
                }
                tCommit = System.currentTimeMillis();
                to = pipeline.masterPosition();
                try {
                    seenMs = ends.await();
                } catch (Exception e) {
                    throw new IllegalStateException(
                            "waiting for the END records of "
                                    + table
                                    + " in Kafka failed ("
                                    + e.getMessage()
                                    + "): "
                                    + new RunLogs(run.work()).failure("capture"),
                            e);
                }
            }
            AtomicityWatch watch =
                    AtomicityWatch.start(
                            run.services().downstream(),
                            "SELECT COUNT(*) FROM " + run.database() + "." + table,
                            Integer.toString(rows),
                            atomic ? Set.of("0") : Set.of());
            Thread.sleep(1000); // the watch is polling before the clock starts
            Map<String, Double> cpu0 = CpuReadings.read(run);
            long t0 = System.currentTimeMillis();
            apply.resume();
            AtomicityWatch.Seen seen;
            try {
                seen = watch.await();
            } catch (Exception e) {
                throw new IllegalStateException(
                        "waiting for "
                                + table
                                + " downstream failed ("
                                + e.getMessage()
                                + "): "
                                + new RunLogs(run.work()).failure("apply"),
                        e);
            }
            Map<String, Double> cpu1 = CpuReadings.read(run);
            Thread.sleep(1500); // a sample of the apply's metrics after the commit
            Tsv after = pipeline.metrics();
            double applySeconds = (seen.doneMs() - t0) / 1000.0;
            Map<String, Double> figures = new LinkedHashMap<>();
            figures.put("rows", (double) rows);
            figures.put("txs", (double) transactions);
            figures.put("binlog_bytes", (double) pipeline.binlogBytes(from, to));
            figures.put("upstream_s", (tCommit - tStart) / 1000.0);
            figures.put("capture_s", (seenMs - tCommit) / 1000.0);
            figures.put("apply_s", applySeconds);
            figures.put("records_bytes", SteadyWindow.last(after, "bytesApplied") - bytes0);
            figures.put("spilled", SteadyWindow.last(after, "transactionsSpilled") - spilled0);
            figures.put("polls", (double) seen.polls());
            figures.put("partial", (double) seen.partial());
            figures.put("wall", applySeconds);
            LoadLevels.putCpu(
                    figures, "cpu_", CpuUse.between(cpu0, cpu1), List.of("apply", "kafka", "down"));
            results.record(table, figures);
            results.recordText(table, "first_partial", seen.firstPartial());
            Progress.say(
                    table
                            + ": "
                            + dev.ferry.benchmarks.report.Figures.oneDecimal(
                                    figures.get("binlog_bytes") / 1e6)
                            + " MB of binlog applied in "
                            + dev.ferry.benchmarks.report.Figures.twoDecimals(applySeconds)
                            + " s; spilled "
                            + dev.ferry.benchmarks.report.Figures.whole(figures.get("spilled"))
                            + "; partial views "
                            + seen.partial());
        } finally {
            apply.resume(); // never leave it paused, whatever failed
        }
    }
}
