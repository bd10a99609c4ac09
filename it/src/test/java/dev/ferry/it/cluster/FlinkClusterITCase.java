package dev.ferry.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.RunningJobs;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shaded jar submitted to a real standalone Flink session cluster (bin/flink-cluster: a
 * JobManager and two TaskManagers as processes, from Flink's jars on Maven Central) through the
 * REST API: capture first, then apply, on the same cluster. A second job on one JobManager is what
 * broke JDBC driver lookup through DriverManager, and the main method must not exit the JVM.
 */
class FlinkClusterITCase {
    private static final Path REPO = Path.of(System.getProperty("ferry.repo", ".."));
    private static final List<String> JOBS = new ArrayList<>();

    private record Result(int exitCode, String output) {}

    private static Result cluster(String... args) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(REPO.resolve("bin/flink-cluster").toString()));
        command.addAll(List.of(args));
        Process process =
                new ProcessBuilder(command)
                        .directory(REPO.toFile())
                        .redirectErrorStream(false)
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Result(
                process.exitValue(),
                output.strip() + (errors.isBlank() ? "" : "\n" + errors.strip()));
    }

    @BeforeAll
    static void startCluster() throws Exception {
        Services.requireRunning();
        Result start = cluster("start");
        assertThat(start.exitCode()).as(start.output()).isZero();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        for (String job : JOBS) {
            cluster("cancel", job);
        }
        cluster("stop");
    }

    @Test
    void captureAndApplyRunAsSubmittedJars() throws Exception {
        try (TestDatabase db = TestDatabase.create("cluster");
                RunningJobs none = new RunningJobs()) {
            SampleSchema.load(db, 2_000, 100);
            String checkpoints = REPO.resolve("run/flink/checkpoints").toAbsolutePath().toString();
            String jar = REPO.resolve("jobs/target/ferry.jar").toString();
            String schemaTopic = "ferry-schema-" + db.name();

            Result capture =
                    cluster(
                            "submit",
                            jar,
                            "capture",
                            "--upstream.hostname",
                            Services.HOST,
                            "--upstream.port",
                            String.valueOf(Services.UPSTREAM_PORT),
                            "--upstream.username",
                            "ferry_cdc",
                            "--upstream.password",
                            "ferry_cdc",
                            "--upstream.tables",
                            db.name() + ".*",
                            "--upstream.server-id",
                            "9200-9201",
                            "--kafka.bootstrap-servers",
                            Services.KAFKA,
                            "--kafka.schema-topic",
                            schemaTopic,
                            "--kafka.transactional-id-prefix",
                            "ferry-cluster-" + db.name(),
                            "--job.name",
                            "capture-" + db.name(),
                            "--job.checkpoint-dir",
                            checkpoints);
            assertThat(capture.exitCode()).as(capture.output()).isZero();
            JOBS.add(capture.output().lines().findFirst().orElseThrow().strip());

            Result apply =
                    cluster(
                            "submit",
                            jar,
                            "apply",
                            "--downstream.hostname",
                            Services.HOST,
                            "--downstream.port",
                            String.valueOf(Services.DOWNSTREAM_PORT),
                            "--downstream.username",
                            "ferry_apply",
                            "--downstream.password",
                            "ferry_apply",
                            "--kafka.bootstrap-servers",
                            Services.KAFKA,
                            "--kafka.schema-topic",
                            schemaTopic,
                            "--kafka.consumer-group",
                            "ferry-cluster-" + db.name(),
                            "--job.name",
                            "apply-" + db.name(),
                            "--job.checkpoint-dir",
                            checkpoints);
            assertThat(apply.exitCode()).as(apply.output()).isZero();
            JOBS.add(apply.output().lines().findFirst().orElseThrow().strip());

            Replicas.awaitEqual(db, none, Duration.ofMinutes(3));
            Sql.execute(
                    Services.upstreamAdmin(),
                    "UPDATE `" + db.name() + "`.sbtest SET c = 'on the cluster' WHERE id <= 20",
                    "DELETE FROM `" + db.name() + "`.sbtest WHERE id BETWEEN 21 AND 30");
            Replicas.awaitEqual(db, none, Duration.ofMinutes(2));
            assertThat(
                            Sql.queryLong(
                                    Services.downstreamAdmin(),
                                    "SELECT COUNT(*) FROM `"
                                            + db.name()
                                            + "`.sbtest WHERE c = 'on the cluster'"))
                    .isEqualTo(20);
        }
    }
}
