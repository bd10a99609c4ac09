package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.RunProcesses;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Measures every stage of one workload on the running capture and apply. The backlog is written
 * while both are paused (SIGSTOP); stages 3–4 run with only the capture resumed, stages 1, 2 and 5
 * (the probes) while it idles, stage 6 with only the apply resumed; then both are paused again, an
 * equal backlog is written on new rows, and both are resumed at once: end to end.
 */
public final class WorkloadMeasurement {
    private static final Duration TIMEOUT = Duration.ofSeconds(900);

    private final BenchRun run;
    private final FunnelSettings settings;
    private final String tag;
    private final UpstreamBinlog binlog;
    private final BacklogWriter writer;
    private final Probes probes;
    private final DownstreamPoll poll;
    private final RunLogs logs;

    /** Measurements on {@code run}, whose capture writes to the topics TAG.db.table. */
    public WorkloadMeasurement(BenchRun run, FunnelSettings settings, String tag) {
        this.run = run;
        this.settings = settings;
        this.tag = tag;
        this.binlog = new UpstreamBinlog(run.upstream());
        this.writer = new BacklogWriter(run, settings);
        this.probes = new Probes(run);
        this.poll = new DownstreamPoll(run);
        this.logs = new RunLogs(run.work());
    }

    /** Every stage of {@code workload}. */
    public WorkloadResult measure(Workload workload)
            throws IOException, InterruptedException, SQLException {
        String w = workload.label();
        long changes = workload.changes(settings);
        String regex = workload.topicRegex(tag, run.database());
        String state = workload.stateSql(run.database());
        RunProcesses processes = run.processes();
        WorkloadResult result = new WorkloadResult(workload, changes);

        Progress.say(
                w
                        + ": pausing capture and apply; writing the backlog ("
                        + changes
                        + " row changes in "
                        + workload.transactions(settings)
                        + " transactions)");
        processes.pause("capture", "apply");
        BinlogPosition from = binlog.position();
        writer.write(workload, 1);
        BinlogPosition to = binlog.position();
        String expected = run.upstream().text(state);
        long offsets = run.kafka().ends(regex).committed();

        Progress.say(w + ": stages 3-4: the capture drains the binlog into Kafka");
        Map<String, Double> cpu0 = CpuReadings.read(run);
        long captureStart = System.currentTimeMillis();
        processes.resume("capture");
        try {
            run.kafka().awaitCommitted(regex, offsets + changes, TIMEOUT);
        } catch (IOException e) {
            throw new IOException(
                    "the capture did not write the backlog: "
                            + logs.failure("capture")
                            + " ("
                            + e.getMessage()
                            + ")",
                    e);
        }
        Map<String, Double> captureCpu =
                used(cpu0, CpuReadings.read(run), "capture", "kafka", "up");

        Progress.say(w + ": stages 1-2: binlog read and parse of " + from + " .. " + to);
        ProbeLine raw = probes.readBinlog("raw", from, to);
        ProbeLine parse = probes.readBinlog("parse", from, to);
        result.put(Stage.RAW, probeStage(raw, "first_ms", "last_ms", raw.number("bytes")));
        result.put(Stage.PARSE, probeStage(parse, "first_ms", "last_ms", parse.number("bytes")));
        result.binlogCounts(
                parse.number("events"), parse.number("row_changes"), parse.number("commits"));

        Progress.say(w + ": stage 5: a plain consumer reads the topic");
        ProbeLine consume = probes.consume(regex);
        if (consume.number("records") < changes) { // the last Kafka transaction was still open
            Thread.sleep(3000);
            consume = probes.consume(regex);
        }
        long envelope = consume.number("key_bytes") + consume.number("value_bytes");
        result.put(Stage.CONSUME, probeStage(consume, "start_ms", "end_ms", envelope));
        result.topicRecords(consume.number("records"));
        ProbeLine times = probes.envelopeTimes(regex);
        // The capture's CPU is counted until Kafka showed the backlog committed, and spread over
        // the time until its last record was sent: its idling until the commit costs little CPU.
        double produced = (times.number("last_create_ms") - captureStart) / 1000.0;
        result.put(
                Stage.EVENTS,
                new StageResult(
                        (times.number("last_envelope_ms") - captureStart) / 1000.0,
                        envelope,
                        produced,
                        captureCpu));
        result.put(Stage.PRODUCE, new StageResult(produced, envelope, produced, captureCpu));

        Progress.say(w + ": stage 6: the apply drains the topic");
        cpu0 = CpuReadings.read(run);
        long applyStart = System.currentTimeMillis();
        processes.resume("apply");
        long applied = await(state, expected, "waiting for the apply to catch up", "apply");
        Map<String, Double> applyCpu = used(cpu0, CpuReadings.read(run), "apply", "kafka", "down");
        double applySeconds = (applied - applyStart) / 1000.0;
        result.put(Stage.APPLY, new StageResult(applySeconds, envelope, applySeconds, applyCpu));

        Progress.say(w + ": end to end: pausing both, writing an equal backlog, resuming both");
        processes.pause("capture", "apply");
        BinlogPosition from2 = binlog.position();
        writer.write(workload, 2);
        BinlogPosition to2 = binlog.position();
        expected = run.upstream().text(state);
        cpu0 = CpuReadings.read(run);
        long bothStart = System.currentTimeMillis();
        processes.resume("capture", "apply");
        long caughtUp = await(state, expected, "waiting for the pipeline to catch up", "apply");
        Map<String, Double> bothCpu =
                used(cpu0, CpuReadings.read(run), "capture", "apply", "kafka", "up", "down");
        double seconds = (caughtUp - bothStart) / 1000.0;
        result.put(Stage.E2E, new StageResult(seconds, binlog.bytes(from2, to2), seconds, bothCpu));
        Progress.say(w + ": " + stageLine(result));
        return result;
    }

    /** "raw 1,234/s; parse …/s; …" for the progress lines. */
    static String stageLine(WorkloadResult result) {
        StringBuilder line = new StringBuilder();
        for (Stage stage : Stage.values()) {
            line.append(stage.name().toLowerCase(java.util.Locale.ROOT))
                    .append(' ')
                    .append(Figures.whole(result.rate(stage)))
                    .append("/s; ");
        }
        return line.toString().strip();
    }

    private long await(String state, String expected, String what, String failing)
            throws IOException, InterruptedException {
        try {
            return poll.awaitMs(state, expected, TIMEOUT, what);
        } catch (IOException e) {
            throw new IOException(e.getMessage() + " (" + logs.failure(failing) + ")", e);
        }
    }

    /** A probe's stage: its seconds from {@code from} to {@code to}, its own JVM's CPU. */
    private static StageResult probeStage(ProbeLine line, String from, String to, long bytes) {
        return new StageResult(
                line.seconds(from, to),
                bytes,
                line.seconds("start_ms", to),
                Map.of("probe", line.number("cpu_ms") / 1000.0));
    }

    /** CPU seconds of the named processes between two readings (those measured). */
    static Map<String, Double> used(
            Map<String, Double> before, Map<String, Double> after, String... names) {
        CpuUse use = CpuUse.between(before, after);
        Map<String, Double> used = new LinkedHashMap<>();
        for (String name : names) {
            use.of(name).ifPresent(seconds -> used.put(name, seconds));
        }
        return used;
    }
}
