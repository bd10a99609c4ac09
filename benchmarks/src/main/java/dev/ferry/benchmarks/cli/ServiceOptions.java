package dev.ferry.benchmarks.cli;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.services.BenchmarkServices;
import dev.ferry.benchmarks.services.ContainerBenchmarkServices;
import dev.ferry.benchmarks.services.LocalServicePids;
import dev.ferry.benchmarks.services.Password;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Where a benchmark's services come from: containers started through testing/services (the default;
 * images from FERRY_IMAGE_*), or the endpoints given by these flags (a user's own MySQL or MariaDB,
 * downstream and Kafka; bin/services' processes by default). Passwords come from a file or the
 * environment, never from a flag.
 */
final class ServiceOptions {
    /** Where the services come from. */
    enum Origin {
        CONTAINERS,
        ENDPOINTS
    }

    @Option(
            names = "--services",
            defaultValue = "containers",
            description =
                    "containers (started through Testcontainers, stopped at the end) or endpoints"
                            + " (the --upstream-*, --downstream-* and --kafka flags). Default:"
                            + " ${DEFAULT-VALUE}.")
    String services;

    @Option(
            names = "--downstream",
            defaultValue = "mariadb",
            description =
                    "With containers: the downstream, mariadb or tidb. Default: ${DEFAULT-VALUE}.")
    String downstreamKind;

    @Option(
            names = "--upstream-host",
            defaultValue = "127.0.0.1",
            description = "Default: ${DEFAULT-VALUE}.")
    String upstreamHost;

    @Option(
            names = "--upstream-port",
            defaultValue = "${env:FERRY_UPSTREAM_PORT:-3307}",
            description = "Default: FERRY_UPSTREAM_PORT, else 3307 (bin/services).")
    int upstreamPort;

    @Option(
            names = "--upstream-user",
            defaultValue = "ferry_admin",
            description = "Default: ${DEFAULT-VALUE}.")
    String upstreamUser;

    @Option(
            names = "--upstream-password-file",
            description =
                    "A file whose first line is the upstream user's password; else"
                            + " FERRY_UPSTREAM_PASSWORD; else bin/services' (for ferry_admin).")
    Path upstreamPasswordFile;

    @Option(
            names = "--downstream-host",
            defaultValue = "127.0.0.1",
            description = "Default: ${DEFAULT-VALUE}.")
    String downstreamHost;

    @Option(
            names = "--downstream-port",
            defaultValue = "${env:FERRY_DOWNSTREAM_PORT:-3308}",
            description = "Default: FERRY_DOWNSTREAM_PORT, else 3308 (bin/services).")
    int downstreamPort;

    @Option(
            names = "--downstream-user",
            defaultValue = "ferry_admin",
            description = "Default: ${DEFAULT-VALUE}.")
    String downstreamUser;

    @Option(
            names = "--downstream-password-file",
            description =
                    "A file whose first line is the downstream user's password; else"
                            + " FERRY_DOWNSTREAM_PASSWORD; else bin/services' (for ferry_admin).")
    Path downstreamPasswordFile;

    @Option(
            names = "--kafka",
            defaultValue = "127.0.0.1:${env:FERRY_KAFKA_PORT:-9092}",
            description =
                    "Kafka's bootstrap servers. Default: 127.0.0.1:FERRY_KAFKA_PORT, else 9092.")
    String kafka;

    @Option(
            names = "--run-dir",
            defaultValue = "${env:FERRY_RUN_DIR}",
            description =
                    "bin/services' run folder (FERRY_RUN_DIR): with endpoints, the services' pid"
                            + " files there give their CPU in the reports.")
    Path runDir;

    Origin origin() {
        return switch (services) {
            case "containers" -> Origin.CONTAINERS;
            case "endpoints" -> Origin.ENDPOINTS;
            default ->
                    throw new IllegalArgumentException(
                            "--services is containers or endpoints, got '" + services + "'");
        };
    }

    /**
     * The services, opened from this process's environment and said on the progress, as a run of
     * {@code table} on {@code database} that writes under {@code results}.
     */
    BenchRun openRun(String table, String database, Path results) throws IOException {
        BenchmarkServices found = open(System.getenv());
        Progress.say("services: " + found.origin());
        return BenchRun.open(table, database, results, found);
    }

    /** Starts the containers, or resolves the endpoints (and their passwords). */
    BenchmarkServices open(Map<String, String> environment) {
        if (!downstreamKind.equals("mariadb") && !downstreamKind.equals("tidb")) {
            throw new IllegalArgumentException(
                    "--downstream is mariadb or tidb, got '" + downstreamKind + "'");
        }
        if (origin() == Origin.CONTAINERS) {
            return ContainerBenchmarkServices.start(downstreamKind.equals("tidb"));
        }
        DatabaseEndpoint upstream =
                new DatabaseEndpoint(
                        "upstream",
                        upstreamHost,
                        upstreamPort,
                        upstreamUser,
                        Password.resolve(
                                "upstream",
                                upstreamUser,
                                upstreamPasswordFile,
                                "FERRY_UPSTREAM_PASSWORD",
                                environment));
        DatabaseEndpoint downstream =
                new DatabaseEndpoint(
                        "downstream",
                        downstreamHost,
                        downstreamPort,
                        downstreamUser,
                        Password.resolve(
                                "downstream",
                                downstreamUser,
                                downstreamPasswordFile,
                                "FERRY_DOWNSTREAM_PASSWORD",
                                environment));
        return new BenchmarkServices(
                "endpoints given by flags (upstream "
                        + upstream.address()
                        + ", downstream "
                        + downstream.address()
                        + ", Kafka "
                        + kafka
                        + ")",
                upstream,
                downstream,
                kafka,
                LocalServicePids.read(runDir));
    }
}
