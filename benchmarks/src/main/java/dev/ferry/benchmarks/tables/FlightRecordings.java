package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * --jfr: Java Flight Recorder's execution samples (benchmarks/conf/cpu-samples.jfc) of ferry's
 * capture and apply, started with the JVM or by jcmd, and dumped by jcmd into the chosen folder.
 * Off (every method does nothing) when no folder was given.
 */
final class FlightRecordings {
    private static final Path SETTINGS = Path.of("benchmarks/conf/cpu-samples.jfc");

    private final Path folder;

    /** Recordings into {@code folder}; none when it is null. */
    FlightRecordings(Path folder) {
        this.folder = folder;
    }

    /** The JVM flags that record from the start as recording {@code name}. */
    List<String> fromStart(String name) {
        return folder == null
                ? List.of()
                : List.of(
                        "-XX:StartFlightRecording=name="
                                + name
                                + ",settings="
                                + SETTINGS.toAbsolutePath());
    }

    /** Starts recording {@code name} in {@code process}. */
    void start(RunProcess process, String name) throws InterruptedException {
        if (folder != null) {
            jcmd(process, "JFR.start", "name=" + name, "settings=" + SETTINGS.toAbsolutePath());
        }
    }

    /** Stops recording {@code name} of {@code process} into {@code file} in the folder. */
    void stop(RunProcess process, String name, String file) throws InterruptedException {
        if (folder != null) {
            jcmd(process, "JFR.stop", "name=" + name, "filename=" + folder.resolve(file));
        }
    }

    /** A recording that cannot be made costs the profile, not the measurement: said, not thrown. */
    private static void jcmd(RunProcess process, String... command) throws InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        List<String> line =
                new java.util.ArrayList<>(
                        List.of(
                                Files.isExecutable(jcmd) ? jcmd.toString() : "jcmd",
                                Long.toString(process.pid())));
        line.addAll(List.of(command));
        try {
            int exit =
                    new ProcessBuilder(line)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start()
                            .waitFor();
            if (exit != 0) {
                Progress.say(
                        "jcmd "
                                + command[0]
                                + " on the "
                                + process.name()
                                + " exited with "
                                + exit
                                + "; its recording is missing");
            }
        } catch (IOException e) {
            Progress.say("cannot run jcmd (" + e.getMessage() + "); no recording");
        }
    }
}
