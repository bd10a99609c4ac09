package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.funnel.BinlogPosition;
import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Part (a) of the load table: per round and checkpoint interval, the idle CPU (when intervals are
 * compared), then per workload a burst at full speed that sets the 100% level, and each level at
 * its share of it with heartbeats timing the delay; everything into {@link LoadResults}.
 */
public final class LoadLevels {
    /** The processes whose CPU a level records, as the report names them. */
    static final List<String> LEVEL_PROCESSES = List.of("capture", "apply", "kafka", "up", "down");

    private final BenchRun run;
    private final LoadSettings settings;
    private final LoadPipeline pipeline;
    private final SysbenchTables tables;
    private final LoadResults results;
    private final Map<String, Heartbeats> heartbeats;
    private final Map<String, Double> baseTps = new HashMap<>();

    public LoadLevels(
            BenchRun run,
            LoadSettings settings,
            LoadPipeline pipeline,
            SysbenchTables tables,
            LoadResults results,
            Map<String, Heartbeats> heartbeats) {
        this.run = run;
        this.settings = settings;
        this.pipeline = pipeline;
        this.tables = tables;
        this.results = results;
        this.heartbeats = heartbeats;
    }

    /** The key of a level's (or "max", the burst's) results. */
    public static String key(
            String workload, String level, CheckpointInterval interval, int round) {
        return workload + "-" + level + "@" + interval.text() + "#" + round;
    }

    /** Every round, interval, workload and level. */
    public void run() throws Exception {
        for (int round = 1; round <= settings.rounds(); round++) {
            for (CheckpointInterval interval : settings.roundIntervals(round)) {
                if (!interval.equals(pipeline.interval())) {
                    pipeline.restartCapture(interval);
                }
                if (settings.compareIntervals()) {
                    pipeline.catchUp();
                    measureIdle("idle@" + interval.text() + "#" + round);
                }
                for (String workload : settings.workloads()) {
                    String max = key(workload, "max", interval, round);
                    calibrate(workload, max);
                    // every level's rate is a share of the first burst's pipeline rate
                    double base =
                            baseTps.computeIfAbsent(workload, w -> results.figure(max, "base_tps"));
                    for (int level : settings.levels()) {
                        runLevel(
                                workload,
                                level,
                                Burst.levelRate(base, level),
                                key(workload, Integer.toString(level), interval, round));
                    }
                }
            }
        }
    }

    private void measureIdle(String key) throws Exception {
        Thread.sleep(1000); // the last catch-up's commits settle
        Map<String, Double> cpu0 = CpuReadings.read(run);
        long t0 = System.currentTimeMillis();
        Thread.sleep(settings.idleSeconds() * 1000L);
        long t1 = System.currentTimeMillis();
        CpuUse used = CpuUse.between(cpu0, CpuReadings.read(run));
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("wall", (t1 - t0) / 1000.0);
        putCpu(figures, "cpu_", used, LEVEL_PROCESSES);
        results.record(key, figures);
        Progress.say(
                "idle at checkpoint interval "
                        + pipeline.interval()
                        + ": cores "
                        + LoadText.cores(results, key, "capture", "apply", "kafka"));
    }

    private void calibrate(String workload, String key) throws Exception {
        Progress.say(
                workload
                        + ": sysbench at full speed for "
                        + settings.calibrateSeconds()
                        + "s with the pipeline running (checkpoint interval "
                        + pipeline.interval()
                        + ")");
        long t0 = System.currentTimeMillis();
        Path log = sysbench(workload, settings.calibrateSeconds(), List.of(), "calibrate.log");
        long t1 = System.currentTimeMillis();
        pipeline.catchUp();
        long t2 = System.currentTimeMillis();
        String output = Files.readString(log, StandardCharsets.UTF_8);
        SysbenchSummary summary = SysbenchSummary.parse(output);
        double upTps = SysbenchRates.perSecond(output, "transactions");
        Burst burst =
                Burst.of(upTps, summary.transactions(), t0, t1, t2, pipeline.interval().seconds());
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("up_tps", upTps);
        figures.put("up_qps", SysbenchRates.perSecond(output, "queries"));
        figures.put("tail_s", burst.tailSeconds());
        figures.put("drain_tps", burst.drainTps());
        figures.put("kept_up", burst.keptUp() ? 1.0 : 0.0);
        figures.put("base_tps", burst.baseTps());
        results.record(key, figures);
        Progress.say(
                workload
                        + ": the upstream took "
                        + Figures.whole(upTps)
                        + " tx/s; the pipeline caught up "
                        + Figures.oneDecimal(burst.tailSeconds())
                        + " s after the burst ("
                        + (burst.keptUp()
                                ? "it kept up"
                                : "it fell behind: " + Figures.whole(burst.drainTps()) + " tx/s")
                        + ")");
    }

    private void runLevel(String workload, int level, int rate, String key) throws Exception {
        Progress.say(
                workload
                        + ": level "
                        + level
                        + "% = "
                        + rate
                        + " tx/s for "
                        + settings.seconds()
                        + "s (checkpoint interval "
                        + pipeline.interval()
                        + ")");
        Map<String, Double> cpu0 = CpuReadings.read(run);
        long t0 = System.currentTimeMillis();
        BinlogPosition from = pipeline.masterPosition();
        HeartbeatProbe heartbeat =
                new HeartbeatProbe(
                        run.services().upstream(),
                        run.services().downstream(),
                        run.database() + ".sbtest1");
        heartbeat.start(settings.warmSeconds(), settings.seconds() - settings.warmSeconds());
        Path log = sysbench(workload, settings.seconds(), List.of("--rate=" + rate), "level.log");
        long t1 = System.currentTimeMillis();
        Map<String, Double> cpu1 = CpuReadings.read(run);
        BinlogPosition to = pipeline.masterPosition();
        Heartbeats beats = heartbeat.await();
        heartbeats.put(key, beats);
        SteadyWindow window =
                SteadyWindow.of(pipeline.metrics(), t0 + settings.warmSeconds() * 1000L, t1);
        pipeline.catchUp();
        long t2 = System.currentTimeMillis();
        Map<String, Double> cpu2 = CpuReadings.read(run);
        String output = Files.readString(log, StandardCharsets.UTF_8);
        long txns = SysbenchSummary.parse(output).transactions();
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("rate", (double) rate);
        figures.put("up_tps", SysbenchRates.perSecond(output, "transactions"));
        figures.put("up_qps", SysbenchRates.perSecond(output, "queries"));
        figures.put("binlog_bytes", (double) pipeline.binlogBytes(from, to));
        figures.put("sent", (double) beats.sent());
        figures.put("arrived", (double) beats.arrived());
        figures.put("p50_ms", beats.percentile(0.50));
        figures.put("p95_ms", beats.percentile(0.95));
        figures.put("p99_ms", beats.percentile(0.99));
        figures.put("max_ms", beats.percentile(1.0));
        figures.put("metric_dt_mean_ms", window.delayMeanMs());
        figures.put("metric_dt_max_ms", window.delayMaxMs());
        figures.put("eps", window.eps());
        figures.put("bps", window.bps());
        figures.put("tps", window.tps());
        figures.put("wall", (t1 - t0) / 1000.0);
        putCpu(figures, "cpu_", CpuUse.between(cpu0, cpu1), LEVEL_PROCESSES);
        figures.put("changes", (double) (SysbenchTables.rowChanges(workload, txns) + beats.sent()));
        figures.put("wall_c", (t2 - t0) / 1000.0);
        putCpu(figures, "cpuc_", CpuUse.between(cpu0, cpu2), List.of("capture", "apply", "kafka"));
        results.record(key, figures);
        Progress.say(
                workload
                        + ": level "
                        + level
                        + "%: upstream "
                        + Figures.whole(figures.get("up_tps"))
                        + " tx/s; DT p50 "
                        + Figures.whole(beats.percentile(0.50))
                        + " ms, p99 "
                        + Figures.whole(beats.percentile(0.99))
                        + " ms; applied "
                        + Figures.whole(window.eps())
                        + " events/s, "
                        + Figures.whole(window.tps())
                        + " tx/s; µs per change: capture "
                        + Figures.oneDecimal(LoadText.usPerChange(results, key, "capture"))
                        + ", apply "
                        + Figures.oneDecimal(LoadText.usPerChange(results, key, "apply"))
                        + ", Kafka "
                        + Figures.oneDecimal(LoadText.usPerChange(results, key, "kafka")));
    }

    private Path sysbench(String workload, int seconds, List<String> options, String logName)
            throws Exception {
        try {
            return tables.sysbench()
                    .runLogged(
                            workload,
                            LoadSettings.TABLES,
                            LoadSettings.ROWS,
                            settings.threads(),
                            seconds,
                            options,
                            logName);
        } catch (java.io.IOException e) {
            Path log = run.work().resolve(logName);
            String tail = Files.exists(log) ? Files.readString(log).strip() : "";
            throw new java.io.IOException(
                    e.getMessage()
                            + (tail.isEmpty()
                                    ? ""
                                    : ": " + tail.substring(Math.max(0, tail.length() - 300))),
                    e);
        }
    }

    static void putCpu(
            Map<String, Double> figures, String prefix, CpuUse used, List<String> processes) {
        for (String process : processes) {
            figures.put(prefix + process, used.of(process).orElse(Double.NaN));
        }
    }
}
