package dev.ferry.benchmarks.drain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Java Flight Recorder on a pipeline's JVM, through the JDK's own tools as processes: {@code jcmd
 * PID JFR.start|JFR.stop} around a drain, and {@code jfr print} to read the recording.
 */
final class FlightRecorder {
    private FlightRecorder() {}

    /** Starts recording {@code name} with the profile settings into {@code file}. */
    static void start(long pid, String name, Path file) throws IOException, InterruptedException {
        run(
                tool("jcmd"),
                Long.toString(pid),
                "JFR.start",
                "name=" + name,
                "settings=profile",
                "filename=" + file);
    }

    /** Stops recording {@code name}, which writes its file. */
    static void stop(long pid, String name) throws IOException, InterruptedException {
        run(tool("jcmd"), Long.toString(pid), "JFR.stop", "name=" + name);
    }

    /** The hot methods of a recording, as a Markdown table. */
    static String hotMethods(Path recording) throws IOException, InterruptedException {
        return HotMethods.table(
                run(tool("jfr"), "print", "--events", "jdk.ExecutionSample", recording.toString()));
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IOException(
                    String.join(" ", List.of(command).subList(0, 3))
                            + " exited with "
                            + exit
                            + ": "
                            + output.strip());
        }
        return output;
    }

    /** A tool of the JDK this JVM runs on (jcmd, jfr), else the one on the PATH. */
    private static String tool(String name) {
        return ProcessHandle.current()
                .info()
                .command()
                .map(java -> Path.of(java).resolveSibling(name))
                .filter(path -> path.toFile().canExecute())
                .map(Path::toString)
                .orElse(name);
    }
}
