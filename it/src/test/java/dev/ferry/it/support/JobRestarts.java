package dev.ferry.it.support;

import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport.JobReport;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.configuration.Configuration;

/** How often a test's job restarted, as {@code ferry status} reads it from the job's REST port. */
public final class JobRestarts {
    private final int restPort;

    /** Gives {@code options} (a job's) a free REST port to read the job's restarts from. */
    public JobRestarts(Configuration options) {
        this.restPort = FreePorts.one();
        options.setString("monitoring.rest-port", String.valueOf(restPort));
    }

    /** The restarts of the job of {@code kind} (capture or apply) so far. */
    public long of(String kind) {
        Configuration statusOptions = new Configuration();
        statusOptions.setString("monitoring.flink-rest-urls", "http://127.0.0.1:" + restPort);
        StatusCollector status = StatusCommand.collector(statusOptions);
        AtomicReference<JobReport> report = new AtomicReference<>();
        // Flink's metric fetcher refreshes every 10 s.
        Await.until(
                "status to report the " + kind + " job's restarts",
                Duration.ofSeconds(40),
                () -> {
                    report.set(
                            status.collect().jobs().stream()
                                    .filter(j -> j.kind().equals(kind))
                                    .findFirst()
                                    .orElse(null));
                    return report.get() != null && report.get().restarts() != null;
                },
                () -> String.valueOf(report.get()));
        return report.get().restarts();
    }
}
