package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.MachineSection;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.Report;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The apply-drain table (issue 3, point 5): every workload, workers value and pipeline in turn, the
 * pipelines alternating within each workers value so that the runs a ratio compares are minutes
 * apart (the shared host's speed drifts over the length of a workload's runs); with --profile one
 * more recorded run; then the report, to results/apply-drain/&lt;start&gt;.md.
 */
public final class DrainTable {
    /** The results folder's table and the report's name. */
    public static final String TABLE = "apply-drain";

    /** The database the runs fill, upstream and downstream. */
    public static final String DATABASE = "bench_drain";

    private DrainTable() {}

    /**
     * Runs the table on {@code run} (opened for {@link #TABLE} and {@link #DATABASE}), ferry's
     * capture and apply from {@code ferryJar}.
     */
    public static void run(BenchRun run, DrainSettings settings, Path ferryJar)
            throws IOException, InterruptedException, SQLException {
        ServiceReach.check(run);
        run.dropDatabasesOnClose(Pipelines.PROGRESS_DATABASE);
        Progress.say(
                "run "
                        + run.runId()
                        + ": workloads "
                        + String.join(" ", settings.workloads())
                        + "; pipelines "
                        + String.join(" ", settings.pipelines())
                        + "; workers "
                        + settings.workers().stream()
                                .map(String::valueOf)
                                .collect(Collectors.joining(" "))
                        + "; batch "
                        + settings.batch()
                        + "; "
                        + settings.seconds()
                        + "s of sysbench x "
                        + settings.threads()
                        + " threads; "
                        + DrainSettings.TABLES
                        + " x "
                        + settings.rowsPerTable()
                        + " rows; work dir "
                        + run.work());
        DrainRunner runner = new DrainRunner(run, settings, ferryJar);
        List<DrainResult> results = new ArrayList<>();
        for (String workload : settings.workloads()) {
            for (int workers : settings.workers()) {
                for (String pipeline : settings.pipelines()) {
                    results.addAll(runner.drain(workload, pipeline, workers, false));
                }
            }
        }
        DrainReport.Profile profile = null;
        if (settings.profile()) {
            List<DrainResult> profiled =
                    runner.drain(
                            settings.lastWorkload(), "transaction", settings.mostWorkers(), true);
            profile = new DrainReport.Profile(profiled, hotMethods(run.work()));
        }
        new Report(run)
                .write(
                        new DrainReport(settings, run.database())
                                .markdown(head(run, settings), results, profile));
        if (settings.profile()) {
            keepRecordings(run.work());
        }
    }

    private static String head(BenchRun run, DrainSettings settings) {
        String command =
                "benchmarks/ferry-bench drain"
                        + (settings.sizeFlag().isEmpty() ? "" : " " + settings.sizeFlag());
        return "# Apply speed: draining a backlog ("
                + run.startedAt()
                + ")\n\nIssue 3, point 5. `"
                + command
                + "` at "
                + git("rev-parse", "--short", "HEAD")
                + " ("
                + git("rev-parse", "--abbrev-ref", "HEAD")
                + ").\n\n"
                + MachineSection.of(run);
    }

    /** The hot-methods tables of the recordings the profile run wrote. */
    private static Map<String, String> hotMethods(Path work) {
        Map<String, String> tables = new LinkedHashMap<>();
        for (String name : List.of("apply", "capture", "apply-kafka")) {
            Path recording = work.resolve(name + ".jfr");
            try {
                if (Files.size(recording) > 0) {
                    tables.put(name, FlightRecorder.hotMethods(recording));
                }
            } catch (IOException e) {
                Progress.say("no hot methods from " + recording + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return tables;
    }

    /** FERRY_BENCH_JFR_DIR=&lt;dir&gt; keeps the recordings there for further study. */
    private static void keepRecordings(Path work) throws IOException {
        String dir = System.getenv("FERRY_BENCH_JFR_DIR");
        if (dir == null || dir.isEmpty()) {
            return;
        }
        Path keep = Files.createDirectories(Path.of(dir));
        try (Stream<Path> files = Files.list(work)) {
            for (Path jfr : files.filter(f -> f.toString().endsWith(".jfr")).toList()) {
                Files.copy(
                        jfr, keep.resolve(jfr.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Progress.say("recordings kept in " + keep);
    }

    private static String git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor() == 0 ? output.strip() : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
