package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.SQLException;

/**
 * The apply alone, replaying one Kafka backlog build against build (what benchmarks/replay.sh did):
 * the backlog written once, then for each round each build in turn (interleaved, so that a change
 * in the host's speed hits every build alike) replays it into empty tables. Prints a line per
 * replay and the table; writes no report (the builds compared are not commits of this checkout).
 */
public final class ReplayBenchmark {
    /** The run's table name: its work folder and topics are named after it. */
    public static final String TABLE = "apply-replay";

    /** The run's database, upstream and downstream. */
    public static final String DATABASE = "bench_replay";

    private ReplayBenchmark() {}

    public static void run(BenchRun run, ReplaySettings settings)
            throws IOException, InterruptedException, SQLException {
        run.dropDatabasesOnClose(Pipelines.PROGRESS_DATABASE);
        if (settings.jfrDir() != null) {
            Files.createDirectories(settings.jfrDir());
        }
        Progress.say(
                "run "
                        + run.runId()
                        + ": "
                        + settings.workload()
                        + " for "
                        + settings.seconds()
                        + "s x "
                        + settings.threads()
                        + " threads on "
                        + settings.tables()
                        + " x "
                        + settings.rowsPerTable()
                        + " rows; apply "
                        + settings.consistency()
                        + ", "
                        + settings.workers()
                        + " workers, batch "
                        + settings.batchSize()
                        + "; "
                        + settings.rounds()
                        + " rounds of "
                        + settings.jars().size()
                        + " builds");
        ReplayBacklog.Backlog backlog = ReplayBacklog.write(run, settings);
        Replayer replayer = new Replayer(run, settings, backlog);
        ReplayTable table = new ReplayTable(settings.jars());
        for (int round = 1; round <= settings.rounds(); round++) {
            for (int build = 0; build < settings.jars().size(); build++) {
                ReplayFigures figures =
                        replayer.replay(settings.jars().get(build), round + "-" + build);
                Progress.say(table.add(round, build, figures));
            }
        }
        System.out.println();
        table.lines().forEach(System.out::println);
    }
}
