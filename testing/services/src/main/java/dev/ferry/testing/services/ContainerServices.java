package dev.ferry.testing.services;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The service containers of one JVM (the integration tests', or a benchmark's): upstream,
 * downstream and Kafka started together, TiDBs when asked for. Testcontainers removes them when the
 * JVM exits: its JVM-hook reaper where Ryuk is disabled (our Podman, see docker/images/build), Ryuk
 * elsewhere; {@code .ci/run} removes what a killed JVM left behind by their label. A hook of our
 * own beside the reaper raced it to remove the same containers (a 404 stack trace at exit). Every
 * service is published on {@link #HOST}; the users are those of bin/services (password = user
 * name).
 */
public final class ContainerServices {
    /** Where the containers' ports are published. */
    public static final String HOST = "127.0.0.1";

    private final GenericContainer<?> upstream;
    private final GenericContainer<?> downstream;
    private final KafkaContainer kafka;
    private int tidbPort;

    private ContainerServices(
            GenericContainer<?> upstream, GenericContainer<?> downstream, KafkaContainer kafka) {
        this.upstream = upstream;
        this.downstream = downstream;
        this.kafka = kafka;
    }

    /**
     * Starts the three shared services, in parallel.
     *
     * @throws IllegalStateException when no Docker engine answers, saying what to do
     */
    public static ContainerServices start() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException(
                    "the services start as containers, and no Docker engine answers: start"
                            + " Docker; or, without one, run docker/images/build and eval"
                            + " \"$(docker/images/build env)\" (Podman); or run bin/services start"
                            + " and use its processes (the integration tests: FERRY_SERVICES=local;"
                            + " ferry-bench: the endpoint flags)");
        }
        GenericContainer<?> upstream = ServiceContainers.upstream();
        GenericContainer<?> downstream = ServiceContainers.downstream();
        KafkaContainer kafka = ServiceContainers.kafka();
        CompletableFuture.allOf(
                        CompletableFuture.runAsync(upstream::start),
                        CompletableFuture.runAsync(downstream::start),
                        CompletableFuture.runAsync(kafka::start))
                .join();
        ServiceContainers.createUpstreamUsers(upstream);
        ServiceContainers.createDownstreamUsers(downstream, false);
        return new ContainerServices(upstream, downstream, kafka);
    }

    /** The upstream's MySQL port on {@link #HOST}. */
    public int upstreamPort() {
        return upstream.getMappedPort(ServiceContainers.MYSQL_PORT);
    }

    /** The MariaDB downstream's MySQL port on {@link #HOST}. */
    public int downstreamPort() {
        return downstream.getMappedPort(ServiceContainers.MYSQL_PORT);
    }

    /** Kafka's bootstrap port on {@link #HOST}. */
    public int kafkaPort() {
        return kafka.getMappedPort(ServiceContainers.KAFKA_PORT);
    }

    /**
     * The host's pids of the upstream's, the downstream's and Kafka's first process (their servers'
     * processes are it or its descendants; /proc shows them on the host).
     */
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        pids.put("upstream", pid(upstream));
        pids.put("downstream", pid(downstream));
        pids.put("kafka", pid(kafka));
        return pids;
    }

    /** The shared TiDB downstream's MySQL port on {@link #HOST}, started on first use. */
    public synchronized int tidbPort() {
        if (tidbPort == 0) {
            tidbPort = startTidb(0);
        }
        return tidbPort;
    }

    /**
     * Starts a TiDB of the caller's own, rejecting transactions above {@code txnTotalSizeLimit}
     * bytes (0: TiDB's default), stopped with the JVM; returns its MySQL port on {@link #HOST}.
     */
    public static int startTidb(long txnTotalSizeLimit) {
        GenericContainer<?> server = ServiceContainers.tidb(txnTotalSizeLimit);
        server.start();
        ServiceContainers.createDownstreamUsers(server, true);
        return server.getMappedPort(ServiceContainers.TIDB_PORT);
    }

    private static long pid(GenericContainer<?> container) {
        Long pid = container.getContainerInfo().getState().getPidLong();
        if (pid == null || pid <= 0) {
            throw new IllegalStateException(
                    "the container engine gave no pid for " + container.getContainerName());
        }
        return pid;
    }
}
