package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.DownstreamWait;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.ProcStat;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One replay: a build's apply of the whole backlog into empty downstream tables, as a new consumer
 * group, polled every 0.2 s (time, the downstream's row operations, the apply's and the
 * downstream's CPU, the apply's JIT threads' CPU) until the downstream equals the upstream.
 */
final class Replayer {
    private static final Duration TIMEOUT = Duration.ofSeconds(1800);
    private static final long POLL_MILLIS = 200;

    private final BenchRun run;
    private final ReplaySettings settings;
    private final ReplayBacklog.Backlog backlog;
    private final DownstreamWait downstream;

    Replayer(BenchRun run, ReplaySettings settings, ReplayBacklog.Backlog backlog) {
        this.run = run;
        this.settings = settings;
        this.backlog = backlog;
        this.downstream = new DownstreamWait(run);
    }

    /** Replays the backlog with {@code jar}; {@code n} ("ROUND-INDEX") names its group. */
    ReplayFigures replay(JarVariant jar, String n)
            throws IOException, InterruptedException, SQLException {
        new SysbenchTables(run, settings.tables()).resetDownstreamForApply();
        long writesBefore = downstream.downstreamWrites();
        long start = System.nanoTime();
        RunProcess apply =
                new Pipelines(run)
                        .ferryJar(jar.jar())
                        .applyJvmFlags(
                                JfrFlags.recording(
                                        settings.jfrDir(), "replay-" + n + "-" + jar.baseName()))
                        .apply(
                                backlog.tag(),
                                backlog.tag() + "-" + n,
                                settings.workers(),
                                settings.batchSize(),
                                "--apply.consistency",
                                settings.consistency());
        Long downstreamPid = run.services().pids().get("downstream");
        List<ReplaySample> samples = new ArrayList<>();
        while (true) {
            double seconds = (System.nanoTime() - start) / 1e9;
            samples.add(
                    new ReplaySample(
                            seconds,
                            downstream.downstreamWrites(),
                            cpu(apply.pid()),
                            downstreamPid == null ? 0 : cpu(downstreamPid),
                            ThreadCpu.read(apply.pid()).jitSeconds()));
            // the state query scans the tables: only when no row was written since the last poll
            if (stoodStill(samples) && caughtUp()) {
                break;
            }
            run.processes().checkAlive();
            if (seconds > TIMEOUT.toSeconds()) {
                throw new IOException(
                        "the apply of "
                                + jar.label()
                                + " had not caught up after "
                                + TIMEOUT.toSeconds()
                                + " s: see its log, "
                                + apply.log()
                                + " (kept until the run ends)");
            }
            Thread.sleep(POLL_MILLIS);
        }
        double applyCpu = cpu(apply.pid());
        run.processes().stop("apply");
        return ReplayFigures.of(
                samples, writesBefore, backlog.changes(), applyCpu, settings.window());
    }

    private static boolean stoodStill(List<ReplaySample> samples) {
        int size = samples.size();
        return size >= 2 && samples.get(size - 2).writes() == samples.get(size - 1).writes();
    }

    private boolean caughtUp() {
        try {
            return run.downstream().text(backlog.stateSql()).equals(backlog.expected());
        } catch (SQLException e) {
            return false; // the server busy: the next poll asks again
        }
    }

    private static double cpu(long pid) {
        return ProcStat.processMillis(pid).orElse(0) / 1000.0;
    }
}
