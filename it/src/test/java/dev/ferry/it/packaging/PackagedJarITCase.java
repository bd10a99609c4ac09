package dev.ferry.it.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Await;
import dev.ferry.it.support.Replicas;
import dev.ferry.it.support.SampleSchema;
import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import dev.ferry.it.support.TestDatabase;
import dev.ferry.options.AllOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.ConfigOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jobs/target/ferry.jar, run as the README runs it ({@code java -jar}, Flink's local
 * mini-cluster, one process per job): it must hold every class it needs, replicate, and stop on
 * SIGTERM. The other tests run the jobs in the test JVM, whose classpath would hide a class the jar
 * lacks.
 */
class PackagedJarITCase {
    private static final Path JAR =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("jobs/target/ferry.jar");

    /** A password no other text contains, so finding it in a log means a leak. */
    private static final String SECRET = "Ferry-S3cret-" + Long.toHexString(System.nanoTime());

    @TempDir Path work;

    @BeforeAll
    static void jarAndServices() {
        assertThat(JAR).as("run `mvn package` first").isRegularFile();
        Services.requireRunning();
        Sql.execute(
                Services.upstreamAdmin(),
                "CREATE OR REPLACE USER 'ferry_secret'@'%' IDENTIFIED BY '" + SECRET + "'",
                "GRANT SELECT, RELOAD, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'ferry_secret'@'%'");
        Sql.execute(
                Services.downstreamAdmin(),
                "CREATE OR REPLACE USER 'ferry_secret'@'%' IDENTIFIED BY '" + SECRET + "'",
                "GRANT ALL PRIVILEGES ON *.* TO 'ferry_secret'@'%'");
    }

    @Test
    void printsEveryOption() throws Exception {
        Process process =
                new ProcessBuilder("java", "-jar", JAR.toString(), "options")
                        .redirectErrorStream(true)
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        for (ConfigOption<?> option : AllOptions.all()) {
            assertThat(output).contains("`" + option.key() + "`");
        }
    }

    @Test
    void replicatesAsTwoJavaProcesses() throws Exception {
        try (TestDatabase db = TestDatabase.create("jar")) {
            SampleSchema.load(db, 3_000, 100);
            Path capture =
                    properties(
                            "capture.properties",
                            List.of(
                                    "upstream.hostname=" + Services.HOST,
                                    "upstream.port=" + Services.UPSTREAM_PORT,
                                    "upstream.username=ferry_secret",
                                    "upstream.password=" + SECRET,
                                    "upstream.tables=" + db.name() + ".*",
                                    "upstream.server-id=8900-8901",
                                    "kafka.transactional-id-prefix=ferry-jar-" + db.name()));
            Path apply =
                    properties(
                            "apply.properties",
                            List.of(
                                    "downstream.hostname=" + Services.HOST,
                                    "downstream.port=" + Services.DOWNSTREAM_PORT,
                                    "downstream.username=ferry_secret",
                                    "kafka.consumer-group=ferry-jar-" + db.name()));
            List<Process> jobs = new ArrayList<>();
            try {
                Process captureJob = start("capture", capture, "FERRY_UNUSED", "");
                jobs.add(captureJob);
                Await.until(
                        "the capture job to publish its tables",
                        Duration.ofMinutes(1),
                        () -> {
                            assertThat(captureJob.isAlive()).as(log("capture")).isTrue();
                            return log("capture").contains("is running");
                        });
                Process applyJob = start("apply", apply, "FERRY_DOWNSTREAM_PASSWORD", SECRET);
                jobs.add(applyJob);

                Await.until(
                        "downstream to equal upstream",
                        Duration.ofMinutes(3),
                        () -> {
                            assertThat(applyJob.isAlive()).as(log("apply")).isTrue();
                            assertThat(captureJob.isAlive()).as(log("capture")).isTrue();
                            return Replicas.compare(db).isEqual();
                        },
                        () -> Replicas.compare(db).summary());

                for (Process job : jobs) {
                    job.destroy(); // SIGTERM: the shutdown hook cancels the job, keeping
                    // checkpoints
                    assertThat(job.waitFor(60, TimeUnit.SECONDS)).isTrue();
                }
                // INFO logs name the user: proof the logs hold what a leak would show up in.
                assertThat(log("capture")).contains("upstream ferry_secret@");
                for (String job : List.of("capture", "apply")) {
                    assertThat(log(job))
                            .doesNotContain("ClassNotFound")
                            .doesNotContain("NoClassDefFound")
                            .as("the password must never be logged")
                            .doesNotContain(SECRET);
                }
            } finally {
                jobs.forEach(Process::destroyForcibly);
            }
        }
    }

    private Path properties(String name, List<String> lines) throws IOException {
        List<String> all = new ArrayList<>(lines);
        all.add("kafka.bootstrap-servers=" + Services.KAFKA);
        all.add("kafka.schema-topic=ferry-schema-" + work.getFileName());
        all.add("job.checkpoint-dir=" + work.resolve("checkpoints"));
        return Files.write(work.resolve(name), all);
    }

    private Process start(String job, Path config, String passwordVariable, String password)
            throws IOException {
        ProcessBuilder builder =
                new ProcessBuilder(
                                "java",
                                "-Xmx1g",
                                "-jar",
                                JAR.toString(),
                                job,
                                "--config",
                                config.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(work.resolve(job + ".log").toFile());
        // Capture reads its password from the config file, apply from the environment: both paths
        // must keep it out of the logs, which run at INFO here to show everything Flink prints.
        builder.environment().put(passwordVariable, password);
        builder.environment().put("FERRY_LOG_LEVEL", "INFO");
        return builder.start();
    }

    private String log(String job) {
        try {
            return Files.readString(work.resolve(job + ".log"));
        } catch (IOException e) {
            return "";
        }
    }
}
