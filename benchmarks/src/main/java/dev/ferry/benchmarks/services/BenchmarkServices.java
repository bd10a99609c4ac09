package dev.ferry.benchmarks.services;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.util.Map;

/**
 * The services a benchmark runs against, however they were found: the upstream and the downstream
 * as their admin users, Kafka's bootstrap servers, and the host pids of the services whose CPU the
 * reports show (empty when they run elsewhere).
 *
 * @param origin how they were found, for the report ("containers …", "endpoints given by flags")
 * @param pids service name ("upstream", "downstream", "kafka") to its pid on this host
 */
public record BenchmarkServices(
        String origin,
        DatabaseEndpoint upstream,
        DatabaseEndpoint downstream,
        String kafkaBootstrap,
        Map<String, Long> pids) {

    public BenchmarkServices {
        pids = Map.copyOf(pids);
    }
}
