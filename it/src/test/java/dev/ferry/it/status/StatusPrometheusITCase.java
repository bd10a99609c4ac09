package dev.ferry.it.status;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Workload;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both jobs embedded with {@code monitoring.prometheus-port}: Flink's Prometheus reporter serves
 * ferry's capture metrics (per-table snapshot rows, binlog events, lag, rate) and the apply's
 * record counts, with values that match the replicated data.
 */
class StatusPrometheusITCase {
    private static final int ROWS = 3_000;
    private static final String PREFIX = "flink_taskmanager_job_task_operator_";

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void exportsReplicationMetrics() throws Exception {
        try (TestDatabase db = TestDatabase.create("prom");
                RunningJobs jobs = new RunningJobs()) {
            SampleSchema.load(db, ROWS, 100);
            int capturePort = FreePorts.one();
            int applyPort = FreePorts.one();
            Pipeline pipeline = new Pipeline(db, checkpoints);
            pipeline.captureOptions()
                    .setString("monitoring.prometheus-port", String.valueOf(capturePort));
            pipeline.applyOptions()
                    .setString("monitoring.prometheus-port", String.valueOf(applyPort));
            jobs.add(pipeline.startCapture());
            jobs.add(pipeline.startApply());
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            String job = "job_name=\"capture_" + db.name() + "\"";
            String database = "database=\"" + db.name() + "\"";
            try (Workload workload = Workload.start(db, 11)) {
                Await.until(
                        "binlog metrics on the capture's Prometheus endpoint",
                        Duration.ofMinutes(1),
                        () ->
                                sum(scrape(capturePort), "ferry_binlogEvents", job).orElse(0) > 0
                                        && max(scrape(capturePort), "ferry_captureLagMs", job)
                                                        .orElse(-1)
                                                >= 0);
            }
            Replicas.awaitEqual(db, jobs, Duration.ofMinutes(2));

            String capture = scrape(capturePort);
            assertThat(
                            sum(
                                    capture,
                                    "ferry_database_table_snapshotRows",
                                    job,
                                    database,
                                    "table=\"sbtest\""))
                    .as("sbtest's snapshot rows")
                    .hasValue(ROWS);
            assertThat(sum(capture, "ferry_snapshotRows", job).orElseThrow())
                    .as("all snapshot rows")
                    .isGreaterThan(ROWS);
            assertThat(max(capture, "ferry_captureLagMs", job).orElseThrow())
                    .as("capture lag in ms")
                    .isBetween(0.0, 60_000.0);
            assertThat(max(capture, "ferry_binlogPosition", job).orElseThrow()).isPositive();
            assertThat(max(capture, "ferry_binlogFileIndex", job).orElseThrow()).isPositive();
            assertThat(sum(capture, "ferry_eventsPerSecond", job)).isPresent();

            // The apply job's replication metrics (docs/consistency.md), on its writer.
            String apply = scrape(applyPort);
            String writer = "operator_name=\"jdbc_apply_transactions:_Writer\"";
            String applyJob = "job_name=\"apply_" + db.name() + "\"";
            assertThat(sum(apply, "eventsApplied", writer, applyJob).orElseThrow())
                    .as("row changes applied")
                    .isGreaterThanOrEqualTo(ROWS);
            assertThat(sum(apply, "transactionsApplied", writer, applyJob).orElseThrow())
                    .as("upstream transactions applied (the workload's)")
                    .isPositive();
            // Without a heartbeat table an idle apply cannot know how far behind it is, and says
            // so (docs/operations.md, Delay); DelayITCase checks the measured delay.
            assertThat(max(apply, "replicationDelayMs", writer, applyJob).orElseThrow())
                    .as("replication delay once caught up, without a heartbeat: unknown")
                    .isEqualTo(-1.0);
            assertThat(max(apply, "inFlightTransactions", writer, applyJob)).isPresent();
            assertThat(max(apply, "conflictsWaited", writer, applyJob)).isPresent();
            assertThat(max(apply, "eventsPerSecond", writer, applyJob)).isPresent();
            assertThat(max(apply, "bytesPerSecond", writer, applyJob)).isPresent();
            assertThat(max(apply, "transactionsPerSecond", writer, applyJob)).isPresent();
            assertThat(max(apply, "commitLatencyUs", writer, applyJob, "quantile=\"0.99\""))
                    .as("downstream commit latency, as a summary with quantiles")
                    .isPresent();
            assertThat(max(apply, "commitLatencyUs_count", writer, applyJob).orElse(0))
                    .as("downstream commits timed")
                    .isGreaterThan(0);
        }
    }

    private static String scrape(int port) {
        try {
            return HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(
                                            URI.create("http://127.0.0.1:" + port + "/metrics"))
                                    .timeout(Duration.ofSeconds(10))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
        } catch (Exception e) {
            return "";
        }
    }

    /** Sum over the samples of {@code metric} whose labels contain every {@code labels} regex. */
    private static OptionalDouble sum(String scrape, String metric, String... labels) {
        return samples(scrape, metric, labels).reduce(Double::sum);
    }

    private static OptionalDouble max(String scrape, String metric, String... labels) {
        return samples(scrape, metric, labels).max();
    }

    private static java.util.stream.DoubleStream samples(
            String scrape, String metric, String... labels) {
        Pattern sample =
                Pattern.compile("^" + PREFIX + metric + "\\{(.*)\\} (\\S+)$", Pattern.MULTILINE);
        java.util.stream.DoubleStream.Builder values = java.util.stream.DoubleStream.builder();
        Matcher matcher = sample.matcher(scrape);
        while (matcher.find()) {
            String found = matcher.group(1);
            if (java.util.Arrays.stream(labels)
                    .allMatch(label -> Pattern.compile(label).matcher(found).find())) {
                values.add(Double.parseDouble(matcher.group(2)));
            }
        }
        return values.build();
    }
}
