package dev.ferry.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Pipeline;
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
            // The checkpoint directory must be the one the cluster's processes share.
            Pipeline pipeline =
                    new Pipeline(db, REPO.resolve("run/flink/checkpoints").toAbsolutePath());
            String jar = REPO.resolve("jobs/target/ferry.jar").toString();
            for (List<String> job :
                    List.of(
                            Pipeline.arguments("capture", pipeline.captureOptions()),
                            Pipeline.arguments("apply", pipeline.applyOptions()))) {
                List<String> submit = new ArrayList<>(List.of("submit", jar));
                submit.addAll(job);
                Result result = cluster(submit.toArray(String[]::new));
                assertThat(result.exitCode()).as(result.output()).isZero();
                JOBS.add(result.output().lines().findFirst().orElseThrow().strip());
            }

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
