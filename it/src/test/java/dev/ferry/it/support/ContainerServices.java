package dev.ferry.it.support;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.kafka.KafkaContainer;

/**
 * The containers of one test JVM: upstream, downstream and Kafka started together on first use,
 * TiDBs when a test asks for one. All are stopped when the JVM exits (a shutdown hook, as Ryuk is
 * not used); {@code .ci/run} removes what a killed JVM left behind by its label.
 */
final class ContainerServices {
    private static final List<GenericContainer<?>> STARTED = new ArrayList<>();

    private final GenericContainer<?> upstream;
    private final GenericContainer<?> downstream;
    private final KafkaContainer kafka;
    private Downstream tidb;

    private ContainerServices(
            GenericContainer<?> upstream, GenericContainer<?> downstream, KafkaContainer kafka) {
        this.upstream = upstream;
        this.downstream = downstream;
        this.kafka = kafka;
    }

    /** Starts the three shared services, in parallel. */
    static ContainerServices start() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException(
                    "the integration tests start their services as containers, and no Docker"
                            + " engine answers: start Docker; or, without one, run"
                            + " docker/images/build and eval \"$(docker/images/build env)\" (Podman);"
                            + " or run bin/services start and set FERRY_SERVICES=local");
        }
        Runtime.getRuntime()
                .addShutdownHook(new Thread(ContainerServices::stopAll, "stop-test-containers"));
        GenericContainer<?> upstream = ServiceContainers.upstream();
        GenericContainer<?> downstream = ServiceContainers.downstream();
        KafkaContainer kafka = ServiceContainers.kafka();
        CompletableFuture.allOf(
                        CompletableFuture.runAsync(() -> started(upstream)),
                        CompletableFuture.runAsync(() -> started(downstream)),
                        CompletableFuture.runAsync(() -> started(kafka)))
                .join();
        ServiceContainers.createUpstreamUsers(upstream);
        ServiceContainers.createDownstreamUsers(downstream, false);
        return new ContainerServices(upstream, downstream, kafka);
    }

    int upstreamPort() {
        return upstream.getMappedPort(ServiceContainers.MYSQL_PORT);
    }

    int downstreamPort() {
        return downstream.getMappedPort(ServiceContainers.MYSQL_PORT);
    }

    int kafkaPort() {
        return kafka.getMappedPort(ServiceContainers.KAFKA_PORT);
    }

    /** The shared TiDB downstream, started on first use. */
    synchronized Downstream tidb() {
        if (tidb == null) {
            tidb = startTidb(0);
        }
        return tidb;
    }

    /**
     * A TiDB of the caller's own, rejecting transactions above {@code txnTotalSizeLimit} bytes (0:
     * TiDB's default); stopped with the JVM.
     */
    static Downstream startTidb(long txnTotalSizeLimit) {
        GenericContainer<?> server = started(ServiceContainers.tidb(txnTotalSizeLimit));
        ServiceContainers.createDownstreamUsers(server, true);
        return new Downstream(
                "TiDB", Services.HOST, server.getMappedPort(ServiceContainers.TIDB_PORT), true);
    }

    private static <C extends GenericContainer<?>> C started(C container) {
        synchronized (STARTED) {
            STARTED.add(container);
        }
        container.start();
        return container;
    }

    private static void stopAll() {
        synchronized (STARTED) {
            STARTED.parallelStream().forEach(GenericContainer::stop);
            STARTED.clear();
        }
    }
}
