package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The processes of a run: those of the current measurement by name (watched, paused, resumed, their
 * CPU read), and every process the run started (all stopped at the end). What lib/bench.sh did with
 * track, stop_procs, pause_procs and procs_alive.
 */
public final class RunProcesses {
    private final Map<String, RunProcess> current = new LinkedHashMap<>();
    private final List<RunProcess> started = new ArrayList<>();

    /**
     * Starts {@code command} as process {@code name}, stdout and stderr to {@code log}, with {@code
     * environment} added to this JVM's (where passwords go: never on a command line).
     */
    public RunProcess start(
            String name, List<String> command, Map<String, String> environment, Path log)
            throws IOException {
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new IOException(
                    "cannot start the "
                            + name
                            + " process ("
                            + command.get(0)
                            + "): "
                            + e.getMessage(),
                    e);
        }
        RunProcess started = new RunProcess(name, process, log);
        track(started);
        return started;
    }

    /** Tracks a process under its name, replacing one of the same name in the measurement. */
    public synchronized void track(RunProcess process) {
        current.put(process.name(), process);
        started.add(process);
    }

    /** The process of the current measurement named {@code name}, if any. */
    public RunProcess get(String name) {
        return current.get(name);
    }

    /** Name to pid of the current measurement's processes. */
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        current.forEach((name, process) -> pids.put(name, process.pid()));
        return pids;
    }

    /** Stops one process of the measurement; nothing when there is none of that name. */
    public synchronized void stop(String name) throws InterruptedException {
        RunProcess process = current.remove(name);
        if (process != null) {
            process.stop();
        }
    }

    /** Stops every process the run started; the measurement is then empty. */
    public synchronized void stopAll() throws InterruptedException {
        for (RunProcess process : started) {
            process.stop();
        }
        started.clear();
        current.clear();
    }

    /** SIGSTOP to the named processes of the measurement. */
    public void pause(String... names) {
        for (String name : names) {
            Signals.send("STOP", required(name).pid());
        }
    }

    /** SIGCONT to the named processes of the measurement. */
    public void resume(String... names) {
        for (String name : names) {
            Signals.send("CONT", required(name).pid());
        }
    }

    private RunProcess required(String name) {
        RunProcess process = current.get(name);
        if (process == null) {
            throw new IllegalStateException("no " + name + " process in this measurement");
        }
        return process;
    }

    /** SIGSTOP to every process of the measurement. */
    public void pauseAll() {
        current.values().forEach(process -> Signals.send("STOP", process.pid()));
    }

    /** SIGCONT to every process of the measurement. */
    public void resumeAll() {
        current.values().forEach(process -> Signals.send("CONT", process.pid()));
    }

    /** Fails, naming it and its log's last lines, when a process of the measurement has died. */
    public void checkAlive() throws IOException {
        for (RunProcess process : current.values()) {
            if (!process.alive()) {
                throw new IOException(
                        "the "
                                + process.name()
                                + " process died (exit "
                                + process.exitValue()
                                + "): "
                                + process.tail(3));
            }
        }
    }
}
