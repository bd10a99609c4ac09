package dev.ferry.it.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.it.support.Await;
import dev.ferry.it.support.FreePorts;
import dev.ferry.it.support.Pipeline;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.it.support.Workload;
import dev.ferry.jobs.FerryCommand;
import dev.ferry.jobs.status.StatusCollector;
import dev.ferry.jobs.status.StatusCommand;
import dev.ferry.jobs.status.StatusReport;
import dev.ferry.jobs.status.StatusReport.BinlogPosition;
import dev.ferry.jobs.status.StatusReport.JobReport;
import dev.ferry.jobs.status.StatusReport.TableProgress;
import dev.ferry.jobs.status.StatusServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `ferry status` against an embedded capture job whose REST API is on a known port: snapshot
 * progress grows to 100 % with the exact row count, then in the binlog phase a delay is reported
 * and the captured position advances. The same report comes as text, JSON and over HTTP.
 */
class StatusITCase {
    private static final int ROWS = 300_000;

    @TempDir Path checkpoints;

    @BeforeAll
    static void services() {
        Services.requireRunning();
    }

    @Test
    void showsSnapshotProgressThenBinlogDelayAndPosition() throws Exception {
        try (TestDatabase db = TestDatabase.create("status");
                RunningJobs jobs = new RunningJobs()) {
            SampleSchema.load(db, ROWS, 500);
            // Fresh estimates: the snapshot counts as over when it is quiet and near them.
            Sql.execute(
                    Services.upstreamAdmin(),
                    "ANALYZE TABLE `"
                            + db.name()
                            + "`.sbtest, `"
                            + db.name()
                            + "`.order_lines, `"
                            + db.name()
                            + "`.awkward");
            int restPort = FreePorts.one();
            Pipeline pipeline = new Pipeline(db, checkpoints);
            Configuration capture = pipeline.captureOptions();
            capture.setString("monitoring.rest-port", String.valueOf(restPort));
            // One reader: a snapshot slow enough to be seen in progress.
            capture.setString("capture.parallelism", "1");
            capture.setString("capture.snapshot.chunk-size", "4000");
            Configuration statusOptions = new Configuration(capture);
            statusOptions.setString("monitoring.flink-rest-urls", "http://127.0.0.1:" + restPort);
            StatusCollector status = StatusCommand.collector(statusOptions);
            String sbtest = db.table("sbtest");

            jobs.add(pipeline.startCapture());
            List<Double> percents = new ArrayList<>();
            AtomicReference<JobReport> last = new AtomicReference<>();
            Await.until(
                    "the snapshot to finish in the status",
                    Duration.ofMinutes(2),
                    () -> {
                        jobs.assertRunning();
                        JobReport job = captureJob(status.collect());
                        last.set(job);
                        if (job == null || job.phase() == null) {
                            return false;
                        }
                        table(job, sbtest)
                                .ifPresent(
                                        t -> {
                                            if (job.phase().equals("snapshot")) {
                                                percents.add(t.percent());
                                            }
                                        });
                        return job.phase().equals("binlog");
                    },
                    () -> String.valueOf(last.get()));
            assertThat(percents).as("sbtest's %% during the snapshot").isSorted();
            assertThat(percents.stream().filter(p -> p > 0 && p < 100).distinct())
                    .as("distinct values between 0 and 100 %% seen: %s", percents)
                    .isNotEmpty();
            JobReport done = last.get();
            TableProgress sbtestDone = table(done, sbtest).orElseThrow();
            assertThat(sbtestDone.rowsDone()).isEqualTo(ROWS);
            assertThat(sbtestDone.rowsEstimated()).isPositive();
            assertThat(done.tables()).allSatisfy(t -> assertThat(t.percent()).isEqualTo(100.0));
            assertThat(done.tables())
                    .extracting(TableProgress::table)
                    .contains(sbtest, db.table("order_lines"), db.table("awkward"));

            try (Workload workload = Workload.start(db, 5)) {
                AtomicReference<BinlogPosition> first = new AtomicReference<>();
                Await.until(
                        "a binlog position and delay in the status",
                        Duration.ofMinutes(1),
                        () -> {
                            JobReport job = captureJob(status.collect());
                            last.set(job);
                            first.set(job.binlogPosition());
                            return job.binlogPosition() != null && job.delayMs() != null;
                        },
                        () -> String.valueOf(last.get()));
                Await.until(
                        "the captured binlog position to advance, with a rate",
                        Duration.ofMinutes(1),
                        () -> {
                            JobReport job = captureJob(status.collect());
                            last.set(job);
                            // the rate is a meter Flink updates every 5 s
                            return after(job.binlogPosition(), first.get())
                                    && job.eventsPerSecond() != null
                                    && job.eventsPerSecond() > 0;
                        },
                        () -> first.get() + " -> " + last.get());
            }
            JobReport binlog = last.get();
            assertThat(binlog.phase()).isEqualTo("binlog");
            assertThat(binlog.delayMs()).isBetween(0L, 60_000L);
            assertThat(binlog.eventsPerSecond()).isPositive();
            assertThat(binlog.upstreamPosition()).isNotNull();
            assertThat(after(binlog.binlogPosition(), binlog.upstreamPosition())).isFalse();
            assertThat(binlog.lastError()).isNull();

            assertTextJsonAndHttpForms(statusOptions, status, sbtest);
            assertThat(get("http://127.0.0.1:" + restPort + "/"))
                    .as("Flink's Web UI of the embedded job")
                    .contains("<title>Apache Flink Web Dashboard</title>");
        }
    }

    private static void assertTextJsonAndHttpForms(
            Configuration statusOptions, StatusCollector status, String sbtest) throws Exception {
        List<String> args = new ArrayList<>(Pipeline.arguments("status", statusOptions));
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        int code =
                FerryCommand.run(
                        args, new PrintStream(text, true, StandardCharsets.UTF_8), System.err);
        String output = text.toString(StandardCharsets.UTF_8);
        assertThat(code).as(output).isZero();
        assertThat(output)
                .contains("capture job capture-")
                .containsPattern("phase +binlog")
                .containsPattern(sbtest.replace(".", "\\.") + " +" + ROWS + " +\\d+ +100\\.0%")
                .containsPattern("binlog position +mysql-bin\\.\\d+:\\d+ +upstream latest")
                .containsPattern("delay +\\d+\\.\\d s");
        System.out.println(output);

        args.add("--json");
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        FerryCommand.run(args, new PrintStream(json, true, StandardCharsets.UTF_8), System.err);
        JsonNode job = new ObjectMapper().readTree(json.toByteArray()).path("jobs").path(0);
        assertThat(job.path("kind").asText()).isEqualTo("capture");
        assertThat(job.path("phase").asText()).isEqualTo("binlog");
        assertThat(job.path("binlogPosition").path("file").asText()).startsWith("mysql-bin.");

        try (StatusServer server = StatusServer.start(0, status)) {
            String body = get("http://127.0.0.1:" + server.port() + "/status");
            JsonNode served = new ObjectMapper().readTree(body).path("jobs").path(0);
            assertThat(served.path("jobId").asText()).isEqualTo(job.path("jobId").asText());
            assertThat(served.path("tables").size()).isEqualTo(job.path("tables").size());
        }
    }

    private static String get(String url) throws Exception {
        HttpResponse<String> response =
                HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(url)).build(),
                                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(url).isEqualTo(200);
        return response.body();
    }

    private static JobReport captureJob(StatusReport report) {
        return report.jobs().stream()
                .filter(j -> j.kind().equals("capture"))
                .findFirst()
                .orElse(null);
    }

    private static java.util.Optional<TableProgress> table(JobReport job, String name) {
        return job.tables().stream().filter(t -> t.table().equals(name)).findFirst();
    }

    /** True when {@code a} is strictly past {@code b} in the binlog. */
    private static boolean after(BinlogPosition a, BinlogPosition b) {
        if (a == null || b == null) {
            return false;
        }
        int files = a.file().compareTo(b.file());
        return files != 0 ? files > 0 : a.position() > b.position();
    }
}
