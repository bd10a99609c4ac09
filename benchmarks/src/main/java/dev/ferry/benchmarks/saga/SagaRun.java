package dev.ferry.benchmarks.saga;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one run of the saga table measures against: the two banks (one user signs in to both), the
 * coordinator's Kafka topics, the sizes, sysbench's figures on bank1, the processes whose CPU the
 * table shows, and where the report goes.
 *
 * @param bank1 the upstream, as the benchmark's user
 * @param bank2 the downstream, as the same user
 * @param seconds how long each direct column runs
 * @param threads clients, and the coordinator's SQL threads
 * @param sysbenchTps sysbench oltp_write_only's transactions per second on bank1
 * @param sysbenchOps its write statements per second
 * @param coordinatorPid the saga coordinator's JVM (its JIT compiler is waited for)
 * @param cpu the processes whose CPU per global transaction the table shows (name to pid, in the
 *     table's order), besides this client
 * @param title the table's title
 * @param output the report's path
 */
public record SagaRun(
        DatabaseEndpoint bank1,
        DatabaseEndpoint bank2,
        String kafka,
        String commandTopic,
        String resultsTopic,
        int sagas,
        Duration seconds,
        int threads,
        double sysbenchTps,
        double sysbenchOps,
        long coordinatorPid,
        Map<String, Long> cpu,
        String title,
        Path output) {

    public SagaRun {
        cpu = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cpu));
    }
}
