package dev.ferry.it.support;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Stopping the server processes a test starts of its own (a MariaDB, a broker, a proxy). */
public final class Processes {
    private Processes() {}

    /**
     * Asks {@code process} to end (SIGTERM, a clean shutdown) and waits for it; kills it if it has
     * not ended within {@code grace}.
     */
    public static void stop(Process process, Duration grace) {
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
