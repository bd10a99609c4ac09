package dev.ferry.it.services;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.it.support.Services;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/services as users meet it: status of the running services, a taken port, repeat start. */
class ServicesScriptITCase {
    private static final Path SCRIPT =
            Path.of(System.getProperty("ferry.repo", "..")).resolve("bin/services");

    @TempDir Path runDir;

    private record Result(int exitCode, String output) {}

    private static Result run(Map<String, String> environment, String... args) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(SCRIPT.toString());
        builder.command().addAll(java.util.List.of(args));
        builder.environment().putAll(environment);
        builder.redirectErrorStream(true);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }

    @Test
    void statusReportsTheRunningServices() throws Exception {
        Services.requireRunning();

        Result status = run(Map.of(), "status");

        assertThat(status.exitCode()).as(status.output()).isZero();
        assertThat(status.output()).contains("upstream", "downstream", "Kafka").contains("running");
    }

    @Test
    void startIsIdempotent() throws Exception {
        Services.requireRunning();

        Result start = run(Map.of(), "start");

        assertThat(start.exitCode()).as(start.output()).isZero();
        assertThat(start.output()).contains("already running");
    }

    @Test
    void aTakenPortIsNamedWithTheVariableToChange() throws Exception {
        try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = squatter.getLocalPort();

            Result start =
                    run(
                            Map.of(
                                    "FERRY_RUN_DIR",
                                    runDir.toString(),
                                    "FERRY_UPSTREAM_PORT",
                                    String.valueOf(port)),
                            "start");

            assertThat(start.exitCode()).isNotZero();
            assertThat(start.output()).contains("port " + port).contains("FERRY_UPSTREAM_PORT");
            assertThat(hasPidFiles(runDir)).as("nothing was started").isFalse();
        }
    }

    @Test
    void usageWithoutACommand() throws Exception {
        Result usage = run(Map.of());

        assertThat(usage.exitCode()).isEqualTo(2);
        assertThat(usage.output()).contains("start").contains("stop").contains("status");
    }

    private static boolean hasPidFiles(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return false;
        }
        try (var files = Files.walk(dir)) {
            return files.anyMatch(p -> p.getFileName().toString().endsWith(".pid"));
        }
    }
}
