package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** One process a run started (a pipeline, a probe, a peer tool), its output in its log file. */
public final class RunProcess {
    private final String name;
    private final Process process;
    private final Path log;

    RunProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Its log so far ("" when it has none yet). */
    public String logText() {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Waits until its log holds {@code text} (a job prints "is running"); fails with the log's last
     * lines when it exits first or {@code timeout} passes.
     */
    public void awaitLog(String text, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!logText().contains(text)) {
            if (!process.isAlive()) {
                throw new IOException(
                        "the "
                                + name
                                + " process exited with "
                                + process.exitValue()
                                + " before its log said '"
                                + text
                                + "': "
                                + tail(5));
            }
            if (System.nanoTime() > deadline) {
                throw new IOException(
                        "the "
                                + name
                                + " process did not say '"
                                + text
                                + "' within "
                                + timeout.toSeconds()
                                + " s: "
                                + tail(5));
            }
            Thread.sleep(200);
        }
    }

    /** Waits for it to exit; its exit code. */
    public int await() throws InterruptedException {
        return process.waitFor();
    }

    /** Waits at most {@code timeout}; whether it exited. */
    public boolean await(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Its exit code; only once it has exited. */
    public int exitValue() {
        return process.exitValue();
    }

    /** The last {@code lines} lines of its log, joined by " / ". */
    public String tail(int lines) {
        String[] all = logText().strip().split("\n");
        int from = Math.max(0, all.length - lines);
        return String.join(" / ", java.util.Arrays.copyOfRange(all, from, all.length));
    }

    /** SIGSTOP: pauses it (a pipeline held while its input piles up). */
    public void pause() {
        Signals.send("STOP", process.pid());
    }

    /** SIGCONT: resumes it after {@link #pause}. */
    public void resume() {
        Signals.send("CONT", process.pid());
    }

    /** Stops it (resuming it first if paused): TERM, then KILL after 30 s. */
    void stop() throws InterruptedException {
        Signals.send("CONT", process.pid());
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
