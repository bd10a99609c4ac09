package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Rates;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.StatusCounters;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.sysbench.Sysbench;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;

/**
 * A live run: sysbench writes upstream with the pipeline running and a heartbeat beside it; the
 * upstream's rates over sysbench's window, the pipeline's until caught up, the delay, the apply's
 * commit latency and every process's CPU.
 */
final class LiveMeasurement {
    private final BenchRun run;
    private final IncrementalPlan plan;
    private final PipelineSwitch pipelines;
    private final CatchUp catchUp;
    private final int prometheusPort;

    LiveMeasurement(
            BenchRun run,
            IncrementalPlan plan,
            PipelineSwitch pipelines,
            CatchUp catchUp,
            int prometheusPort) {
        this.run = run;
        this.plan = plan;
        this.pipelines = pipelines;
        this.catchUp = catchUp;
        this.prometheusPort = prometheusPort;
    }

    LiveResult measure(Point point) throws IOException, InterruptedException, SQLException {
        String label = "live " + point;
        RunLogs logs = new RunLogs(run.work());
        try {
            pipelines.ensure(point);
        } catch (IOException | SQLException e) {
            LiveResult failed = LiveResult.failed(point, logs.failure(e.getMessage()));
            Progress.say(label + ": FAILED: " + failed.status());
            return failed;
        }
        Progress.say(
                label
                        + ": sysbench "
                        + plan.threads()
                        + " threads for "
                        + plan.liveSeconds()
                        + "s, heartbeat every 100 ms");
        String topics = pipelines.tag() + "\\." + run.database() + "(\\..*)?";
        Map<String, Long> u0 = StatusCounters.snapshot(run.upstream());
        Map<String, Long> d0 = StatusCounters.snapshot(run.downstream());
        Map<String, Double> c0 = CpuReadings.read(run);
        Long k0 = null;
        long tk0 = 0;
        if (point.isFerry()) {
            k0 = run.kafka().ends(topics).written();
            tk0 = System.nanoTime();
        }
        HeartbeatRun heartbeat = HeartbeatRun.start(run, plan.liveSeconds());
        long t0 = System.nanoTime();
        Sysbench sysbench = new SysbenchTables(run, 4).sysbench();
        SysbenchSummary summary =
                sysbench.run(
                        point.workload(),
                        4,
                        plan.rowsPerTable(),
                        plan.threads(),
                        plan.liveSeconds());
        long t1 = System.nanoTime();
        Map<String, Long> u1 = StatusCounters.snapshot(run.upstream());
        Long k1 = null;
        long tk1 = 0;
        if (point.isFerry()) {
            k1 = run.kafka().ends(topics).written();
            tk1 = System.nanoTime();
        }
        String settled = "ok";
        String hbLine = null;
        try {
            hbLine = heartbeat.await();
        } catch (HeartbeatRun.HeartbeatFailed e) {
            settled = "heartbeat failed: " + e.getMessage();
        }
        try {
            catchUp.seconds(CatchUp.TIMEOUT);
        } catch (IOException | SQLException e) {
            settled = logs.failure(e.getMessage());
        }
        long tc = System.nanoTime();
        Map<String, Long> d1 = StatusCounters.snapshot(run.downstream());
        Map<String, Double> c1 = CpuReadings.read(run);

        Map<LiveField, Double> figures = new EnumMap<>(LiveField.class);
        if (point.isFerry()) {
            figures.putAll(CommitLatencies.scrape(prometheusPort));
        }
        figures.putAll(HeartbeatFigures.parse(hbLine));
        double window = (t1 - t0) / 1e9;
        double busy = (tc - t0) / 1e9;
        long changes = SysbenchTables.rowChanges(point.workload(), summary.transactions());
        figures.put(LiveField.TPS, summary.transactionsPerSecond());
        Double qps =
                SysbenchQueries.perSecond(
                        Files.readString(sysbench.runLog(), StandardCharsets.UTF_8));
        if (qps != null) {
            figures.put(LiveField.QPS, qps);
        }
        if (!Double.isNaN(summary.p95Millis())) {
            figures.put(LiveField.P95, summary.p95Millis());
        }
        figures.put(LiveField.ERRORS, (double) summary.ignoredErrors());
        figures.put(LiveField.WINDOW, window);
        figures.put(LiveField.UP_INSERT, rate("Com_insert", u0, u1, window));
        figures.put(LiveField.UP_UPDATE, rate("Com_update", u0, u1, window));
        figures.put(LiveField.UP_DELETE, rate("Com_delete", u0, u1, window));
        figures.put(LiveField.UP_COMMIT, rate("Com_commit", u0, u1, window));
        figures.put(LiveField.UP_QUESTIONS, rate("Questions", u0, u1, window));
        if (k0 != null && k1 != null) {
            figures.put(LiveField.CAPTURE_EPS, Rates.perSecond(k1 - k0, (tk1 - tk0) / 1e9));
        }
        figures.put(LiveField.BUSY, busy);
        figures.put(LiveField.CHANGES, (double) changes);
        figures.put(LiveField.DOWN_QUESTIONS, rate("Questions", d0, d1, busy));
        figures.put(LiveField.DOWN_COMMIT, rate("Com_commit", d0, d1, busy));
        figures.put(LiveField.DOWN_INSERT, rate("Com_insert", d0, d1, busy));
        figures.put(LiveField.ROWS_S, Rates.perSecond(changes, busy));
        LiveResult result =
                new LiveResult(
                        point, figures, CpuProcesses.summary(CpuUse.between(c0, c1)), settled);
        Progress.say(
                label
                        + ": upstream "
                        + Figures.whole(summary.transactionsPerSecond())
                        + " tps; pipeline "
                        + Figures.whole(result.get(LiveField.ROWS_S))
                        + " rows/s until caught up ("
                        + (long) busy
                        + " s); delay p95 "
                        + show(result.get(LiveField.D95))
                        + " ms, p99 "
                        + show(result.get(LiveField.D99))
                        + " ms ("
                        + settled
                        + ")");
        return result;
    }

    private static double rate(
            String counter, Map<String, Long> before, Map<String, Long> after, double seconds) {
        return Rates.perSecond(StatusCounters.delta(counter, before, after), seconds);
    }

    private static String show(Double value) {
        return value == null ? Figures.MISSING : Figures.oneDecimal(value);
    }
}
