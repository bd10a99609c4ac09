package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.heartbeat.Heartbeat;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.jdbc.Connections;
import java.sql.Connection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The heartbeat beside a live run, in this JVM: a row into sbtest1 upstream every 100 ms while
 * sysbench runs, the downstream polled every 20 ms for it; its result line once every heartbeat
 * arrived (or the settle time passed).
 */
final class HeartbeatRun {
    private final CompletableFuture<String> line;

    private HeartbeatRun(CompletableFuture<String> line) {
        this.line = line;
    }

    /** Starts heartbeats for {@code seconds}, waiting at most the catch-up timeout for the last. */
    static HeartbeatRun start(BenchRun run, int seconds) {
        String table = run.database() + ".sbtest1";
        return new HeartbeatRun(
                CompletableFuture.supplyAsync(
                        () -> {
                            try (Connection up = Connections.open(run.services().upstream());
                                    Connection down =
                                            Connections.open(run.services().downstream())) {
                                double settle = CatchUp.TIMEOUT.toSeconds();
                                return Heartbeat.summary(
                                        Heartbeat.round(up, down, table, seconds, 100, 20, settle),
                                        settle);
                            } catch (Exception e) {
                                throw new IllegalStateException(e.getMessage(), e);
                            }
                        }));
    }

    /** Waits for its line ("sent=… arrived=… p50_ms=…"); fails with why it stopped. */
    String await() throws InterruptedException, HeartbeatFailed {
        try {
            return line.get();
        } catch (ExecutionException e) {
            Throwable cause =
                    e.getCause() instanceof IllegalStateException && e.getCause().getCause() != null
                            ? e.getCause().getCause()
                            : e.getCause();
            throw new HeartbeatFailed(String.valueOf(cause.getMessage()));
        }
    }

    /** The heartbeat could not measure. */
    static final class HeartbeatFailed extends Exception {
        HeartbeatFailed(String why) {
            super(why);
        }
    }
}
