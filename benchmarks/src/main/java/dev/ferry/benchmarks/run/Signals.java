package dev.ferry.benchmarks.run;

import java.io.IOException;

/**
 * SIGSTOP and SIGCONT, which Java cannot send itself: a run pauses its pipelines while a workload
 * writes and resumes them to measure how fast they drain. Sent with kill(1).
 */
final class Signals {
    private Signals() {}

    /** {@code kill -SIGNAL pid}; whether it was delivered (false once the process is gone). */
    static boolean send(String signal, long pid) {
        try {
            return new ProcessBuilder("kill", "-" + signal, Long.toString(pid))
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start()
                            .waitFor()
                    == 0;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill(1) to send SIG" + signal, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
