package dev.ferry.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.FlinkCluster;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Workload;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusReport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The standalone cluster of bin/flink-cluster (a JobManager and two TaskManagers as processes) runs
 * the submitted capture and apply jars while a workload writes upstream; the TaskManager running
 * the binlog reader is killed with SIGKILL mid-stream and started again. The jobs that had tasks
 * there restart from their checkpoints (status shows the failure) and downstream ends equal to
 * upstream.
 */
class FlinkClusterFailoverITCase {
    private static final List<String> JOBS = new ArrayList<>();
    private static final String PROMETHEUS_PORTS = "9271-9279";

    @BeforeAll
    static void startCluster() throws Exception {
        Services.requireRunning();
        FlinkCluster.run("stop"); // a fresh JobManager: no earlier job holds slots
        // The way docs/operations.md turns the Prometheus reporter on for this cluster.
        FlinkCluster.start(
                Map.of(
                        "FERRY_FLINK_EXTRA_CONFIG",
                        "metrics.reporter.prom.factory.class:"
                                + " org.apache.flink.metrics.prometheus.PrometheusReporterFactory\n"
                                + "metrics.reporter.prom.port: "
                                + PROMETHEUS_PORTS));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        FlinkCluster.stop(JOBS);
    }

    @Test
    void recoversFromAKilledTaskManager() throws Exception {
        try (TestDatabase db = TestDatabase.create("failover");
                RunningJobs none = new RunningJobs()) {
            SampleSchema.load(db, 20_000, 500);
            Pipeline pipeline =
                    new Pipeline(db, FlinkCluster.DIR.resolve("checkpoints").toAbsolutePath());
            for (var options : List.of(pipeline.captureOptions(), pipeline.applyOptions())) {
                options.setString("job.restart-attempts", "20");
            }
            JOBS.add(FlinkCluster.submit(Pipeline.arguments("capture", pipeline.captureOptions())));
            JOBS.add(FlinkCluster.submit(Pipeline.arguments("apply", pipeline.applyOptions())));
            Replicas.awaitEqual(db, none, Duration.ofMinutes(2));
            Await.until(
                    "the cluster's TaskManagers to export the snapshot count of sbtest",
                    Duration.ofSeconds(30),
                    () -> snapshotRowsExported(db, "sbtest") == 20_000);

            StatusCollector status =
                    new StatusCollector(
                            List.of(FlinkCluster.REST), null, List.of(), System::currentTimeMillis);
            try (Workload workload = Workload.start(db, 3)) {
                Thread.sleep(4_000); // a checkpoint or two with the workload running
                // The TaskManager that runs the capture's binlog reader: its loss fails that job.
                String victim = taskManagerOf(JOBS.get(0));
                long pid =
                        Long.parseLong(
                                Files.readString(FlinkCluster.DIR.resolve("pid/" + victim + ".pid"))
                                        .strip());
                ProcessHandle taskManager = ProcessHandle.of(pid).orElseThrow();
                assertThat(taskManager.info().commandLine().orElse(""))
                        .contains("ferry.flink.process=");
                long killedAt = System.currentTimeMillis();
                new ProcessBuilder("kill", "-9", String.valueOf(pid)).start().waitFor();
                Await.until(
                        victim + " to die", Duration.ofSeconds(10), () -> !taskManager.isAlive());
                long before = workload.transactions();
                // The JobManager notices the loss (heartbeat RPC failures) and fails the capture
                // over before the TaskManager comes back: a TaskManager that registers again under
                // the same resource id while the JobManager still holds the dead one is a
                // different, racy scenario (an operator restarts a machine later than that).
                Await.until(
                        "the JobManager to record the capture job's failure",
                        Duration.ofSeconds(60),
                        () -> failedSince(status.collect(), killedAt),
                        () -> diagnosis(status));
                Thread.sleep(2_000); // the workload goes on while the jobs fail over
                assertThat(workload.transactions()).isGreaterThan(before);
                FlinkCluster.start(); // starts the missing TaskManager again
                Await.until(
                        "the capture job running again after a failure",
                        Duration.ofMinutes(2),
                        () -> recovered(status.collect(), killedAt),
                        () -> diagnosis(status));
                Thread.sleep(3_000);
            }
            Replicas.awaitEqual(db, none, Duration.ofMinutes(3));
            StatusReport after = status.collect();
            assertThat(after.jobs())
                    .hasSize(2)
                    .allSatisfy(job -> assertThat(job.state()).isEqualTo("RUNNING"));
            assertThat(recovered(after, 0)).as("%s", after).isTrue();
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM " + db.table("sbtest")))
                    .isEqualTo(
                            Sql.queryLong(
                                    Services.upstreamAdmin(),
                                    "SELECT COUNT(*) FROM " + db.table("sbtest")));
        }
    }

    /** The capture job runs again and Flink recorded a failure of it since {@code sinceMs}. */
    private static boolean recovered(StatusReport report, long sinceMs) {
        return report.jobs().stream()
                .anyMatch(
                        job ->
                                isCapture(job)
                                        && job.state().equals("RUNNING")
                                        && failed(job, sinceMs));
    }

    /**
     * Flink recorded a failure of the capture job since {@code sinceMs} (and counted a restart).
     */
    private static boolean failedSince(StatusReport report, long sinceMs) {
        return report.jobs().stream().anyMatch(job -> isCapture(job) && failed(job, sinceMs));
    }

    private static boolean isCapture(StatusReport.JobReport job) {
        return job.kind().equals("capture");
    }

    private static boolean failed(StatusReport.JobReport job, long sinceMs) {
        return job.restarts() != null
                && job.restarts() > 0
                && job.lastError() != null
                && job.lastError().time().toEpochMilli() >= sinceMs;
    }

    /**
     * What a failed wait saw: each job's state, restarts and newest error, the TaskManagers, and
     * the JobManager's last job-state changes (CI shows only the end of a run's output).
     */
    private static String diagnosis(StatusCollector status) {
        StringBuilder out = new StringBuilder();
        try {
            for (StatusReport.JobReport job : status.collect().jobs()) {
                out.append(
                        String.format(
                                "job %s %s: %s, restarts %s, last error %s%n",
                                job.kind(),
                                job.jobId(),
                                job.state(),
                                job.restarts(),
                                job.lastError()));
            }
            out.append("cluster: ")
                    .append(get(HttpClient.newHttpClient(), FlinkCluster.REST + "/overview"))
                    .append('\n');
        } catch (Exception e) {
            out.append("status unavailable: ").append(e).append('\n');
        }
        try {
            List<String> changes =
                    Files.readAllLines(FlinkCluster.DIR.resolve("log/jobmanager.log")).stream()
                            .filter(
                                    line ->
                                            line.contains("switched from state")
                                                    || line.contains("Registering TaskManager")
                                                    || line.contains("Disconnect TaskExecutor")
                                                    || line.startsWith("Caused by"))
                            .toList();
            for (String line : changes.subList(Math.max(0, changes.size() - 25), changes.size())) {
                out.append(line, 0, Math.min(line.length(), 300)).append('\n');
            }
        } catch (Exception e) {
            out.append("jobmanager.log unreadable: ").append(e).append('\n');
        }
        return out.toString();
    }

    /** sbtest's snapshot rows as the cluster's Prometheus reporters show them, summed. */
    private static long snapshotRowsExported(TestDatabase db, String table) {
        Pattern sample =
                Pattern.compile(
                        "^flink_taskmanager_job_task_operator_ferry_database_table_snapshotRows\\{(.*)\\}"
                                + " (\\S+)$",
                        Pattern.MULTILINE);
        HttpClient http = HttpClient.newHttpClient();
        double sum = 0;
        for (int port = 9271; port <= 9279; port++) {
            String scrape;
            try {
                scrape = get(http, "http://127.0.0.1:" + port + "/metrics");
            } catch (Exception nobodyThere) {
                continue;
            }
            Matcher matcher = sample.matcher(scrape);
            while (matcher.find()) {
                String labels = matcher.group(1);
                if (labels.contains("database=\"" + db.name() + "\"")
                        && labels.contains("table=\"" + table + "\"")) {
                    sum += Double.parseDouble(matcher.group(2));
                }
            }
        }
        return (long) sum;
    }

    /** The resource id (taskmanager-N, as bin/flink-cluster names them) running a job's source. */
    private static String taskManagerOf(String jobId) throws Exception {
        ObjectMapper json = new ObjectMapper();
        HttpClient http = HttpClient.newHttpClient();
        String base = FlinkCluster.REST + "/jobs/" + jobId;
        JsonNode job = json.readTree(get(http, base));
        String vertex = job.path("vertices").path(0).path("id").asText();
        JsonNode managers =
                json.readTree(get(http, base + "/vertices/" + vertex + "/taskmanagers"));
        return managers.path("taskmanagers").path(0).path("taskmanager-id").asText();
    }

    private static String get(HttpClient http, String url) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create(url))
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }
}
