package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Progress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;

/**
 * The capture alone, build against build (what benchmarks/capture-replay.sh did): for each round,
 * each build in turn (interleaved, so that a change in the host's speed hits every build alike)
 * captures a fresh snapshot and two binlog backlogs. Prints a line per capture and the table, and
 * appends the table to results/capture-replay/&lt;UTC start&gt;.md.
 */
public final class CaptureReplayBenchmark {
    /** The run's table name: its results folder, work folder and topics are named after it. */
    public static final String TABLE = "capture-replay";

    /** The run's database upstream. */
    public static final String DATABASE = "bench_capture";

    private CaptureReplayBenchmark() {}

    public static void run(BenchRun run, CaptureReplaySettings settings)
            throws IOException, InterruptedException, SQLException {
        run.onClose(() -> run.upstream().execute("DROP DATABASE IF EXISTS " + run.database()));
        if (settings.jfrDir() != null) {
            Files.createDirectories(settings.jfrDir());
        }
        Progress.say(
                "run "
                        + run.runId()
                        + ": snapshot of "
                        + CaptureReplaySettings.TABLES
                        + " x "
                        + settings.rowsPerTable()
                        + " rows, then "
                        + settings.workload()
                        + " for "
                        + settings.seconds()
                        + "s x "
                        + settings.threads()
                        + " threads; "
                        + settings.rounds()
                        + " rounds of "
                        + settings.jars().size()
                        + " builds");
        CaptureReplayer replayer = new CaptureReplayer(run, settings);
        CaptureReplayTable table = new CaptureReplayTable(settings.jars());
        for (int round = 1; round <= settings.rounds(); round++) {
            for (int build = 0; build < settings.jars().size(); build++) {
                CaptureFigures figures =
                        replayer.capture(settings.jars().get(build), round + "-" + build);
                Progress.say(table.add(round, build, figures));
            }
        }
        String markdown = table.markdown(run.startedAt(), settings, loadAverage());
        System.out.print(markdown);
        Files.createDirectories(run.resultsDir());
        Files.writeString(
                run.report(),
                markdown,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
        Progress.say("appended to " + run.report());
    }

    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }
}
