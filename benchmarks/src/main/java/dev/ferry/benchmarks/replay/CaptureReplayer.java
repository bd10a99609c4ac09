package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One capture of a build: a fresh sysbench database copied to new topics (the snapshot), then,
 * paused (SIGSTOP) while sysbench writes, resumed until Kafka's committed offsets hold that binlog
 * backlog, twice (the first warms its code up; the second is measured). Readings start once its job
 * runs, so the JVM's and Flink's start are left out.
 */
final class CaptureReplayer {
    private static final Duration TIMEOUT = Duration.ofSeconds(900);

    /** A backlog's readings at its start and end, and its row changes. */
    private record Backlog(CaptureReading start, CaptureReading end, long changes) {}

    private final BenchRun run;
    private final CaptureReplaySettings settings;
    private final SysbenchTables tables;

    CaptureReplayer(BenchRun run, CaptureReplaySettings settings) {
        this.run = run;
        this.settings = settings;
        this.tables = new SysbenchTables(run, CaptureReplaySettings.TABLES);
    }

    /** Runs {@code variant}; {@code n} ("ROUND-INDEX") names its topics and recording. */
    CaptureFigures capture(JarVariant variant, String n)
            throws IOException, InterruptedException, SQLException {
        String tag = run.runId() + "-" + n;
        String topics = ReplayBacklog.topics(tag, run.database());
        tables.prepareUpstream(settings.workload(), settings.rowsPerTable());
        // compiler threads that stay, so that their CPU seconds can be told apart to the end
        List<String> flags = new ArrayList<>(List.of("-XX:-UseDynamicNumberOfCompilerThreads"));
        flags.addAll(
                JfrFlags.recording(settings.jfrDir(), "capture-" + n + "-" + variant.baseName()));
        RunProcess capture;
        try {
            capture =
                    new Pipelines(run)
                            .ferryJar(variant.jar())
                            .captureJvmFlags(flags)
                            .capture(tag, variant.options().toArray(String[]::new));
        } catch (IOException e) {
            throw new IOException(
                    "the capture of " + variant.label() + " did not start: " + e.getMessage(), e);
        }
        Long kafka = run.services().pids().get("kafka");
        long rows = settings.snapshotRows();
        CaptureReading snapshotStart = CaptureReading.now(capture.pid(), kafka);
        run.kafka().awaitCaptured(topics, rows, TIMEOUT, "the snapshot", capture);
        CaptureReading snapshotEnd = CaptureReading.now(capture.pid(), kafka);
        Backlog warmUp = backlog(capture, kafka, topics, rows);
        Backlog measured = backlog(capture, kafka, topics, rows + warmUp.changes());
        run.processes().stop("capture");
        run.kafka().delete(Pattern.quote(tag) + "[.-].*");
        return CaptureFigures.of(
                snapshotStart,
                snapshotEnd,
                measured.start(),
                measured.end(),
                rows,
                measured.changes());
    }

    /**
     * The capture paused while sysbench runs, then resumed until Kafka holds those changes on top
     * of {@code base} records.
     */
    private Backlog backlog(RunProcess capture, Long kafka, String topics, long base)
            throws IOException, InterruptedException {
        run.processes().pauseAll();
        long transactions =
                tables.sysbench()
                        .run(
                                settings.workload(),
                                CaptureReplaySettings.TABLES,
                                settings.rowsPerTable(),
                                settings.threads(),
                                settings.seconds())
                        .transactions();
        long changes = SysbenchTables.rowChanges(settings.workload(), transactions);
        CaptureReading start = CaptureReading.now(capture.pid(), kafka);
        run.processes().resumeAll();
        run.kafka().awaitCaptured(topics, base + changes, TIMEOUT, "the backlog", capture);
        CaptureReading end = CaptureReading.now(capture.pid(), kafka);
        return new Backlog(start, end, changes);
    }
}
