package dev.ferry.benchmarks.services;

import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.testing.services.ContainerServices;
import dev.ferry.testing.services.ServiceImages;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The benchmark's services as containers, started through testing/services as the integration tests
 * start theirs (images: {@link ServiceImages}, FERRY_IMAGE_* or -Dferry.image.*). They stop when
 * the JVM exits.
 */
public final class ContainerBenchmarkServices {
    private static final String ADMIN = "ferry_admin";

    private ContainerBenchmarkServices() {}

    private static final Map<Boolean, BenchmarkServices> STARTED = new HashMap<>();
    private static ContainerServices containers;

    /**
     * Starts upstream, downstream (MariaDB, or TiDB when {@code tidb}) and Kafka, once per JVM: the
     * tables {@code ferry-bench all} runs share them.
     */
    public static synchronized BenchmarkServices start(boolean tidb) {
        return STARTED.computeIfAbsent(tidb, ContainerBenchmarkServices::startNew);
    }

    private static BenchmarkServices startNew(boolean tidb) {
        if (containers == null) {
            containers = ContainerServices.start();
        }
        int downstreamPort = tidb ? containers.tidbPort() : containers.downstreamPort();
        Map<String, Long> pids = new LinkedHashMap<>();
        containers.pids().forEach((service, pid) -> pids.put(service, ServerProcess.of(pid)));
        if (tidb) {
            pids.remove("downstream");
        }
        return new BenchmarkServices(
                "containers (upstream "
                        + ServiceImages.UPSTREAM.image().asCanonicalNameString()
                        + ", downstream "
                        + (tidb ? ServiceImages.TIDB : ServiceImages.DOWNSTREAM)
                                .image()
                                .asCanonicalNameString()
                        + ", Kafka "
                        + ServiceImages.KAFKA.image().asCanonicalNameString()
                        + ")",
                admin("upstream", containers.upstreamPort()),
                admin("downstream", downstreamPort),
                ContainerServices.HOST + ":" + containers.kafkaPort(),
                pids);
    }

    private static DatabaseEndpoint admin(String role, int port) {
        return new DatabaseEndpoint(role, ContainerServices.HOST, port, ADMIN, ADMIN);
    }
}
