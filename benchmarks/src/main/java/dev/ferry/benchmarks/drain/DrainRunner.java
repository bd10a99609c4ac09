package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.DownstreamWait;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One drain run of a workload, pipeline and workers value: a fresh database copied by the
 * pipeline's snapshot, the pipeline paused while sysbench writes a backlog, resumed and timed until
 * the downstream equals the upstream; for ferry then the apply's own drain of a backlog in Kafka on
 * the same processes (only the apply paused). What drain.sh's drain and apply_drain did.
 */
final class DrainRunner {
    static final Duration SNAPSHOT_TIMEOUT = Duration.ofSeconds(600);

    /** How long a drain may take before the run is reported as not caught up. */
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(900);

    private final BenchRun run;
    private final DrainSettings settings;
    private final SysbenchTables tables;
    private final Pipelines pipelines;
    private final DownstreamWait wait;
    private final BacklogWriter backlogs;
    private final RunLogs logs;
    private int runNo;

    DrainRunner(BenchRun run, DrainSettings settings, Path ferryJar) {
        this.run = run;
        this.settings = settings;
        this.tables = new SysbenchTables(run, DrainSettings.TABLES);
        this.pipelines = new Pipelines(run).ferryJar(ferryJar);
        this.wait = new DownstreamWait(run);
        this.backlogs = new BacklogWriter(run, tables, settings);
        this.logs = new RunLogs(run.work());
    }

    /**
     * One run; its results (the whole pipeline's drain, then for ferry the apply's from Kafka).
     * With {@code profile} the ferry processes are recorded by Java Flight Recorder into
     * capture.jfr, apply.jfr and apply-kafka.jfr in the work folder.
     */
    List<DrainResult> drain(String workload, String pipeline, int workers, boolean profile)
            throws IOException, InterruptedException, SQLException {
        runNo++;
        String tag = run.runId() + "-" + runNo;
        String label =
                (profile ? "[profile]" : "[" + runNo + "/" + settings.runs() + "]")
                        + " "
                        + workload
                        + " "
                        + pipeline
                        + " workers "
                        + workers;
        List<DrainResult> results = new ArrayList<>();
        try {
            LogLines.clear(run.work());
            Progress.say(
                    label
                            + ": preparing "
                            + run.database()
                            + " ("
                            + DrainSettings.TABLES
                            + " tables x "
                            + settings.rowsPerTable()
                            + " rows)");
            tables.prepareUpstream(workload, settings.rowsPerTable());
            tables.resetDownstreamForApply();
            double copy;
            try {
                start(pipeline, workers, tag);
                copy =
                        wait.until(
                                tables.rowsSql(),
                                Long.toString(settings.totalRows()),
                                SNAPSHOT_TIMEOUT);
            } catch (IOException e) {
                results.add(
                        failed(
                                label,
                                workload,
                                pipeline,
                                workers,
                                null,
                                "failed before the drain: " + e.getMessage()));
                return results;
            }
            Progress.say(
                    label
                            + ": snapshot downstream after "
                            + seconds(copy)
                            + "s; pausing the pipeline and running sysbench "
                            + workload
                            + " for "
                            + settings.seconds()
                            + "s");
            if (profile) {
                record("capture", "drain", "capture.jfr");
                record("apply", "drain", "apply.jfr");
            }
            run.processes().pauseAll();
            Backlog backlog = backlogs.write(workload);
            Progress.say(
                    label
                            + ": backlog "
                            + backlog.transactions()
                            + " transactions, "
                            + backlog.rowChanges()
                            + " row changes (sysbench: "
                            + backlog.writes()
                            + " writes, "
                            + backlog.ignoredErrors()
                            + " ignored errors); resuming");
            Reading before = reading();
            run.processes().resumeAll();
            double drained;
            try {
                drained = awaitDrained(workload, backlog);
            } catch (IOException e) {
                results.add(failed(label, workload, pipeline, workers, backlog, e.getMessage()));
                return results;
            }
            Reading after = reading();
            String status =
                    DrainStatus.of(
                            checksumsEqual(),
                            logs.restarts(),
                            logs.failoverCause(),
                            LogLines.count(run.work(), "Deadlock found"));
            results.add(
                    drained(
                            label,
                            result(
                                    workload, pipeline, workers, backlog, drained, before, after,
                                    status)));
            if (profile) {
                stopRecording("capture", "drain");
                stopRecording("apply", "drain");
            }
            if (!pipeline.equals("stock")) {
                results.add(applyDrain(workload, pipeline, workers, tag, label, profile));
            }
            return results;
        } finally {
            run.processes().stopAll();
        }
    }

    /**
     * The apply's own drain of a backlog in Kafka, on the running ferry pipeline: only the apply
     * paused while sysbench writes; once the capture has written the whole backlog to Kafka, the
     * apply is resumed and timed until the downstream has caught up.
     */
    private DrainResult applyDrain(
            String workload,
            String pipeline,
            int workers,
            String tag,
            String runLabel,
            boolean profile)
            throws IOException, InterruptedException, SQLException {
        String label = runLabel + " (apply drain)";
        String name = pipeline + "@kafka";
        RunProcess apply = run.processes().get("apply");
        KafkaBacklog kafka = new KafkaBacklog(run.kafka(), tag, run.database());
        long offsets0 = kafka.committed();
        if (profile) {
            record("apply", "apply-drain", "apply-kafka.jfr");
        }
        Progress.say(
                label
                        + ": pausing the apply only and running sysbench "
                        + workload
                        + " for "
                        + settings.seconds()
                        + "s");
        apply.pause();
        Backlog backlog = backlogs.write(workload);
        Progress.say(
                label
                        + ": backlog "
                        + backlog.transactions()
                        + " transactions, "
                        + backlog.rowChanges()
                        + " row changes; waiting for the capture to write them to Kafka");
        long offsets2;
        try {
            offsets2 = kafka.await(offsets0 + backlog.rowChanges());
        } catch (IOException e) {
            return failed(
                    label,
                    workload,
                    name,
                    workers,
                    backlog,
                    "the capture did not write the backlog to Kafka");
        }
        Progress.say(
                label
                        + ": Kafka holds the backlog (offsets "
                        + offsets0
                        + " -> "
                        + offsets2
                        + "); resuming the apply");
        Reading before = reading();
        apply.resume();
        double drained;
        try {
            drained = awaitDrained(workload, backlog);
        } catch (IOException e) {
            return failed(label, workload, name, workers, backlog, e.getMessage());
        }
        Reading after = reading();
        if (profile) {
            stopRecording("apply", "apply-drain");
        }
        String status = checksumsEqual() ? "ok" : "caught up in rows but the checksums differ";
        return drained(
                label, result(workload, name, workers, backlog, drained, before, after, status));
    }

    /** The CPU seconds of every process and the downstream's row operations, at one moment. */
    private record Reading(Map<String, Double> cpu, long writes) {}

    private Reading reading() throws SQLException {
        return new Reading(CpuReadings.read(run), wait.downstreamWrites());
    }

    /** Seconds until the downstream's state is what {@code backlog} leaves upstream. */
    private double awaitDrained(String workload, Backlog backlog)
            throws IOException, InterruptedException, SQLException {
        return wait.quietlyUntil(backlogs.stateSql(workload), backlog.expected(), DRAIN_TIMEOUT);
    }

    /** A drain of {@code backlog} in {@code seconds}, with what was read before and after it. */
    private static DrainResult result(
            String workload,
            String pipeline,
            int workers,
            Backlog backlog,
            double seconds,
            Reading before,
            Reading after,
            String status) {
        return new DrainResult(
                workload,
                pipeline,
                workers,
                backlog.transactions(),
                backlog.rowChanges(),
                seconds,
                CpuUse.between(before.cpu(), after.cpu()),
                backlog.ignoredErrors(),
                status,
                (double) (after.writes() - before.writes()) / backlog.rowChanges());
    }

    private void start(String pipeline, int workers, String tag)
            throws IOException, InterruptedException {
        if (pipeline.equals("stock")) {
            pipelines.stock(workers, settings.batch(), "");
        } else {
            pipelines.capture(tag);
            pipelines.apply(tag, tag, workers, settings.batch(), "--apply.consistency", pipeline);
        }
    }

    /** Counts are all the insert drain compares: the contents are checked once it caught up. */
    private boolean checksumsEqual() throws SQLException {
        return run.downstream()
                .text(tables.checksumSql())
                .equals(run.upstream().text(tables.checksumSql()));
    }

    private void record(String process, String recording, String file)
            throws IOException, InterruptedException {
        FlightRecorder.start(
                run.processes().get(process).pid(), recording, run.work().resolve(file));
    }

    private void stopRecording(String process, String recording) {
        try {
            FlightRecorder.stop(run.processes().get(process).pid(), recording);
        } catch (IOException e) {
            Progress.say("could not stop the recording of the " + process + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A failed run, said as {@code label}'s progress: {@code why} and the logs' first error. */
    private DrainResult failed(
            String label,
            String workload,
            String pipeline,
            int workers,
            Backlog backlog,
            String why) {
        DrainResult result =
                DrainResult.failed(workload, pipeline, workers, backlog, logs.failure(why));
        Progress.say(label + ": FAILED: " + result.status());
        return result;
    }

    private static DrainResult drained(String label, DrainResult result) {
        Progress.say(
                label
                        + ": drained in "
                        + seconds(result.drainSeconds())
                        + "s: "
                        + whole(result.rowsPerSecond())
                        + " rows/s, "
                        + whole(result.transactionsPerSecond())
                        + " transactions/s ("
                        + result.status()
                        + ")");
        return result;
    }

    private static String whole(Double rate) {
        return rate == null ? "—" : Long.toString(rate.longValue());
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.2f", seconds);
    }
}
