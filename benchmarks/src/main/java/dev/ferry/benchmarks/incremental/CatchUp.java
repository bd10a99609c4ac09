package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.DownstreamWait;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Whether the downstream has caught up with the upstream: per-table counts and CRC32 checksums
 * equal, timed; and the probe that proves a running pipeline streams (a change to the probe row, id
 * -1 of sbtest1, seen downstream) before waiting for equal checksums.
 */
final class CatchUp {
    /** How long a pipeline may take to catch up after a run, or after a probe's change. */
    static final Duration TIMEOUT = Duration.ofSeconds(900);

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(600);

    private final BenchRun run;
    private final String checksumSql;
    private final DownstreamWait wait;

    CatchUp(BenchRun run, SysbenchTables tables) {
        this.run = run;
        this.checksumSql = tables.checksumSql();
        this.wait = new DownstreamWait(run);
    }

    /** The SQL of the probe row, created upstream before the first copy. */
    String probeRowSql() {
        return "INSERT INTO "
                + run.database()
                + ".sbtest1 (id, k, c, pad) VALUES (-1, 0, 'probe', 'probe')";
    }

    /**
     * Seconds until the downstream's checksums equal the upstream's now; fails after {@code
     * timeout}.
     */
    double seconds(Duration timeout) throws IOException, InterruptedException, SQLException {
        return wait.until(checksumSql, run.upstream().text(checksumSql), timeout);
    }

    /**
     * Changes the probe row upstream until the downstream shows the change, then waits for equal
     * checksums; fails when a process of the pipeline dies or 600 s pass.
     */
    void probe() throws IOException, InterruptedException, SQLException {
        long start = System.nanoTime();
        String db = run.database();
        while (true) {
            long value = System.currentTimeMillis() % 1_000_000_000L;
            run.upstream().execute("UPDATE " + db + ".sbtest1 SET k = " + value + " WHERE id = -1");
            for (int i = 0; i < 10; i++) {
                if (Long.toString(value).equals(probeValue())) {
                    seconds(PROBE_TIMEOUT);
                    return;
                }
                run.processes().checkAlive();
                Thread.sleep(500);
            }
            if (System.nanoTime() - start > PROBE_TIMEOUT.toNanos()) {
                throw new IOException(
                        "the pipeline did not catch up within " + PROBE_TIMEOUT.toSeconds() + " s");
            }
        }
    }

    private String probeValue() {
        try {
            return run.downstream()
                    .value("SELECT k FROM " + run.database() + ".sbtest1 WHERE id = -1");
        } catch (SQLException e) {
            return null; // not copied yet, or the server busy: the next poll asks again
        }
    }
}
