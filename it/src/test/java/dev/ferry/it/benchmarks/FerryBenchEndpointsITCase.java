package dev.ferry.it.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Services;
import dev.ferry.it.support.Sql;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ferry-bench (benchmarks/target/ferry-benchmarks.jar) pointed at endpoints given by flags, as a
 * user points it at their own MySQL, TiDB and Kafka: here the tests' services (bin/services'
 * processes with FERRY_SERVICES=local, containers otherwise), signed in as a user of the test's own
 * whose password comes from a file and must appear in no output.
 */
class FerryBenchEndpointsITCase {
    private static final Path REPO =
            Path.of(System.getProperty("ferry.repo", "..")).toAbsolutePath();
    private static final Path BENCH_JAR = REPO.resolve("benchmarks/target/ferry-benchmarks.jar");
    private static final String USER = "ferry_bench_it";
    private static final String SECRET = "Bench-S3cret-" + Long.toHexString(System.nanoTime());

    @TempDir Path work;

    @BeforeAll
    static void jarsAndUser() {
        assertThat(BENCH_JAR).as("run `mvn package` first").isRegularFile();
        assertThat(REPO.resolve("jobs/target/ferry.jar"))
                .as("run `mvn package` first")
                .isRegularFile();
        Services.requireRunning();
        for (var server : List.of(Services.upstreamAdmin(), Services.downstreamAdmin())) {
            Sql.execute(
                    server,
                    "CREATE OR REPLACE USER '" + USER + "'@'%' IDENTIFIED BY '" + SECRET + "'",
                    "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'%'");
        }
    }

    @Test
    void theSagaTableRunsAgainstTheGivenEndpointsAndWritesItsReport() throws Exception {
        Path passwordFile = Files.writeString(work.resolve("password"), SECRET + "\n");
        Path results = work.resolve("results");

        Run run =
                ferryBench(
                        "saga",
                        "--smoke",
                        "--results",
                        results.toString(),
                        "--upstream-password-file",
                        passwordFile.toString(),
                        "--downstream-password-file",
                        passwordFile.toString());

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output())
                .doesNotContain(SECRET)
                .contains("services: endpoints given by flags");
        List<Path> reports = reports(results.resolve("saga"));
        assertThat(reports).hasSize(1);
        String report = Files.readString(reports.get(0), StandardCharsets.UTF_8);
        assertThat(report).doesNotContain(SECRET);
        // sysbench's column has no global transactions; each saga and direct column measured some
        String globalTps =
                report.lines()
                        .filter(line -> line.startsWith("| Global-TPS |"))
                        .findFirst()
                        .orElseThrow();
        List<String> columns = Arrays.stream(globalTps.split("\\|")).map(String::strip).toList();
        assertThat(columns.subList(3, columns.size()))
                .hasSizeGreaterThanOrEqualTo(6)
                .allSatisfy(tps -> assertThat(Double.parseDouble(tps)).isPositive());
    }

    @Test
    void aWrongPasswordIsNamedWithoutShowingAnyPassword() throws Exception {
        Path passwordFile = Files.writeString(work.resolve("password"), "not-" + SECRET + "\n");

        Run run =
                ferryBench(
                        "saga",
                        "--smoke",
                        "--results",
                        work.resolve("results").toString(),
                        "--upstream-password-file",
                        passwordFile.toString(),
                        "--downstream-password-file",
                        passwordFile.toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output())
                .contains("ferry-bench saga: ")
                .contains(USER)
                .doesNotContain(SECRET);
        assertThat(work.resolve("results/saga")).doesNotExist();
    }

    private record Run(int exit, String output) {}

    private Run ferryBench(String... args) throws IOException, InterruptedException {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                "java",
                                "-Xmx1g",
                                "-cp",
                                BENCH_JAR.toString(),
                                "dev.ferry.benchmarks.cli.FerryBench"));
        command.addAll(Arrays.asList(args));
        command.addAll(
                List.of(
                        "--services",
                        "endpoints",
                        "--upstream-host",
                        Services.HOST,
                        "--upstream-port",
                        String.valueOf(Services.UPSTREAM_PORT),
                        "--upstream-user",
                        USER,
                        "--downstream-host",
                        Services.HOST,
                        "--downstream-port",
                        String.valueOf(Services.downstreamAdmin().port()),
                        "--downstream-user",
                        USER,
                        "--kafka",
                        Services.KAFKA));
        Path log = work.resolve("ferry-bench.log");
        Process process =
                new ProcessBuilder(command)
                        .directory(REPO.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(
                    "ferry-bench did not end within 10 minutes: " + Files.readString(log));
        }
        return new Run(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static List<Path> reports(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(".md")).toList();
        }
    }
}
