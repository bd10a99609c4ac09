package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.run.RunProcess;
import java.io.IOException;

/**
 * SIGSTOP and SIGCONT to one process of a measurement (the ferry drain pauses only the apply while
 * the capture writes the backlog to Kafka), sent with kill(1) as Java cannot send them.
 */
final class ProcessPause {
    private ProcessPause() {}

    static void pause(RunProcess process) throws IOException, InterruptedException {
        send("STOP", process);
    }

    static void resume(RunProcess process) throws IOException, InterruptedException {
        send("CONT", process);
    }

    private static void send(String signal, RunProcess process)
            throws IOException, InterruptedException {
        int exit =
                new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start()
                        .waitFor();
        if (exit != 0 && process.alive()) {
            throw new IOException(
                    "kill -" + signal + " " + process.pid() + " (" + process.name() + ") failed");
        }
    }
}
