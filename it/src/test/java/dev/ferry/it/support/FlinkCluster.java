package dev.ferry.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs bin/flink-cluster (the standalone session cluster, REST on FERRY_FLINK_REST_PORT) for a
 * test.
 */
public final class FlinkCluster {
    /** The cluster's REST address, on the port bin/flink-cluster uses. */
    public static final String REST =
            "http://127.0.0.1:"
                    + Optional.ofNullable(System.getenv("FERRY_FLINK_REST_PORT"))
                            .filter(port -> !port.isBlank())
                            .orElse("8081");

    public static final Path REPO = Path.of(System.getProperty("ferry.repo", ".."));

    /**
     * Where the cluster keeps its state: conf/, log/, pid/, checkpoints/ shared by all processes.
     */
    public static final Path DIR =
            Optional.ofNullable(System.getenv("FERRY_RUN_DIR"))
                    .filter(dir -> !dir.isBlank())
                    .map(Path::of)
                    .orElse(REPO.resolve("run"))
                    .resolve("flink");

    private FlinkCluster() {}

    /** What one bin/flink-cluster command printed (stdout, then stderr) and its exit code. */
    public record Result(int exitCode, String output, String stdout) {}

    public static Result run(String... args) throws Exception {
        return run(Map.of(), args);
    }

    /** Runs bin/flink-cluster with extra environment variables (FERRY_FLINK_*). */
    public static Result run(Map<String, String> environment, String... args) throws Exception {
        List<String> command =
                new ArrayList<>(List.of(REPO.resolve("bin/flink-cluster").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(REPO.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        return new Result(
                process.exitValue(),
                output.strip() + (errors.isBlank() ? "" : "\n" + errors.strip()),
                output.strip());
    }

    /** Starts the cluster (or the processes of it that are not running) and waits until ready. */
    public static void start() throws Exception {
        start(Map.of());
    }

    public static void start(Map<String, String> environment) throws Exception {
        Result start = run(environment, "start");
        assertThat(start.exitCode()).as(start.output()).isZero();
    }

    /** Cancels these jobs (whatever their state) and stops the cluster. */
    public static void stop(List<String> jobs) throws Exception {
        for (String job : jobs) {
            run("cancel", job);
        }
        run("stop");
    }

    /**
     * Runs Flink's SQL client against the cluster ({@code bin/flink-cluster sql-client ARGS}), as a
     * user runs {@code sql-client.sh}; returns what it printed (stdout and stderr together).
     */
    public static Result sqlClient(List<String> arguments) throws Exception {
        List<String> command =
                new ArrayList<>(
                        List.of(REPO.resolve("bin/flink-cluster").toString(), "sql-client"));
        command.addAll(arguments);
        Process process =
                new ProcessBuilder(command)
                        .directory(REPO.toFile())
                        .redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the SQL client ended").isTrue();
        return new Result(process.exitValue(), output.strip(), output.strip());
    }

    /** Submits ferry.jar with these program arguments; returns the job id. */
    public static String submit(List<String> programArguments) throws Exception {
        List<String> submit =
                new ArrayList<>(
                        List.of("submit", REPO.resolve("jobs/target/ferry.jar").toString()));
        submit.addAll(programArguments);
        Result result = run(submit.toArray(String[]::new));
        assertThat(result.exitCode()).as(result.output()).isZero();
        return result.stdout().lines().findFirst().orElseThrow().strip();
    }
}
