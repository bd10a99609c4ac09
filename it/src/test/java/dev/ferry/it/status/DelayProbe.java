package dev.ferry.it.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.jdbc.Connections;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport;
import dev.ferry.jobs.status.StatusReport.JobReport;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.flink.configuration.Configuration;

/**
 * Reads both jobs' delay through {@code ferry status} and the age of the heartbeat row downstream
 * around each reading, for the delay tests to compare (docs/operations.md, Delay).
 */
final class DelayProbe implements AutoCloseable {
    static final long TOLERANCE_MS = 1000;

    /**
     * Flink's REST API serves a gauge's value as of its last fetch from the TaskManager (every 200
     * ms in these tests, later on a loaded machine): a reading is compared with the row's ages over
     * that much time before it too, sampled every 100 ms.
     */
    private static final long METRIC_FETCH_LAG_MS = 1000;

    private final StatusCollector status;
    private final String heartbeat;
    private final ConcurrentSkipListMap<Long, Long> ages = new ConcurrentSkipListMap<>();
    private final Thread sampler;

    /**
     * One reading of both jobs, with the youngest and oldest age of the heartbeat row downstream
     * while it was taken (and while Flink's REST API held the values it served).
     */
    record Reading(
            String capturePhase, Long captureMs, Long applyMs, long ageBefore, long ageAfter) {
        /** The row's age at either end of the reading: a heartbeat may land in between. */
        long youngest() {
            return Math.min(ageBefore, ageAfter);
        }

        long oldest() {
            return Math.max(ageBefore, ageAfter);
        }

        @Override
        public String toString() {
            return "capture "
                    + capturePhase
                    + " "
                    + captureMs
                    + " ms, apply "
                    + applyMs
                    + " ms, heartbeat age downstream "
                    + ageBefore
                    + "-"
                    + ageAfter
                    + " ms";
        }
    }

    /** Starts sampling the age of {@code heartbeat} ('database.table') downstream. */
    DelayProbe(StatusCollector status, String heartbeat) {
        this.status = status;
        this.heartbeat = heartbeat;
        this.sampler =
                new Thread(
                        () -> {
                            while (!Thread.currentThread().isInterrupted()) {
                                ages.put(System.currentTimeMillis(), age());
                                try {
                                    Thread.sleep(100);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                        },
                        "heartbeat-ages");
        sampler.setDaemon(true);
        sampler.start();
    }

    /**
     * Makes both jobs serve their metrics on free REST ports, fresh every 200 ms (well inside the
     * tolerance), and probes them through {@code ferry status} against {@code heartbeat}.
     */
    static DelayProbe watching(Configuration capture, Configuration apply, String heartbeat) {
        int capturePort = FreePorts.one();
        int applyPort = FreePorts.one();
        for (Configuration options : List.of(capture, apply)) {
            options.setString("metrics.fetcher.update-interval", "200 ms");
        }
        capture.setString("monitoring.rest-port", String.valueOf(capturePort));
        apply.setString("monitoring.rest-port", String.valueOf(applyPort));
        Configuration statusOptions = new Configuration(capture);
        statusOptions.setString(
                "monitoring.flink-rest-urls",
                "http://127.0.0.1:" + capturePort + ",http://127.0.0.1:" + applyPort);
        return new DelayProbe(StatusCommand.collector(statusOptions), heartbeat);
    }

    /**
     * Readings for {@code duration} while the downstream takes no writes: reads go on, so the
     * heartbeat row's age stays measurable while the apply stalls. {@code beforeUnlock} runs at the
     * end, still under the lock.
     */
    List<Reading> readWhileDownstreamTakesNoWrites(Duration duration, Runnable beforeUnlock)
            throws InterruptedException, SQLException {
        try (Connection downstream = Connections.open(Services.downstreamAdmin());
                Statement lock = downstream.createStatement()) {
            lock.execute("FLUSH TABLES WITH READ LOCK");
            try {
                return readFor(duration);
            } finally {
                beforeUnlock.run();
                lock.execute("UNLOCK TABLES");
            }
        }
    }

    static void assertWithinTolerance(String when, List<Reading> readings) {
        assertThat(readings).as(when).isNotEmpty();
        for (Reading r : readings) {
            assertThat(r.applyMs()).as("%s: %s", when, r).isNotNull();
            assertThat(r.applyMs())
                    .as("%s: the apply's delay against the heartbeat's age: %s", when, r)
                    .isBetween(r.youngest() - TOLERANCE_MS, r.oldest() + TOLERANCE_MS);
            assertThat(r.captureMs()).as("%s: %s", when, r).isNotNull();
            assertThat(r.captureMs())
                    .as("%s: the capture's delay is within the end to end one: %s", when, r)
                    .isBetween(0L, r.oldest() + TOLERANCE_MS);
        }
    }

    List<Reading> readFor(Duration duration) throws InterruptedException {
        List<Reading> readings = new ArrayList<>();
        long end = System.currentTimeMillis() + duration.toMillis();
        do {
            readings.add(read());
            Thread.sleep(300);
        } while (System.currentTimeMillis() < end);
        return readings;
    }

    /**
     * Readings until the apply's delay is back under {@code underMs}, for at most {@code timeout}:
     * every reading of the catch-up, for the tolerance check.
     */
    List<Reading> readUntilApplyDelayUnder(String what, long underMs, Duration timeout) {
        List<Reading> readings = new ArrayList<>();
        Await.until(
                what,
                timeout,
                () -> {
                    Reading reading = read();
                    readings.add(reading);
                    return reading.applyMs() != null && reading.applyMs() < underMs;
                },
                readings::toString);
        return readings;
    }

    Reading read() {
        long start = System.currentTimeMillis();
        ages.put(start, age());
        StatusReport report = status.collect();
        long end = System.currentTimeMillis();
        ages.put(end, age());
        Collection<Long> window =
                ages.subMap(start - METRIC_FETCH_LAG_MS, true, end, true).values();
        long before = window.stream().mapToLong(Long::longValue).min().orElse(-1);
        long after = window.stream().mapToLong(Long::longValue).max().orElse(-1);
        JobReport capture = job(report, "capture");
        JobReport apply = job(report, "apply");
        return new Reading(
                capture == null ? null : capture.phase(),
                capture == null ? null : capture.delayMs(),
                apply == null ? null : apply.delayMs(),
                before,
                after);
    }

    /** How long ago the newest heartbeat visible downstream was written upstream; -1 if none. */
    private long age() {
        try {
            long written =
                    Sql.queryLong(Services.downstreamAdmin(), "SELECT ts_ms FROM " + heartbeat);
            return written < 0 ? -1 : System.currentTimeMillis() - written;
        } catch (IllegalStateException noTableYet) {
            return -1;
        }
    }

    private static JobReport job(StatusReport report, String kind) {
        return report.jobs().stream().filter(j -> j.kind().equals(kind)).findFirst().orElse(null);
    }

    @Override
    public void close() {
        sampler.interrupt();
    }
}
