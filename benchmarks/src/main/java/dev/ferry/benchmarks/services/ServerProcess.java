package dev.ferry.benchmarks.services;

import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The server process of a container: its first process or the descendant that has used the most CPU
 * so far (Testcontainers' Kafka starts a shell that starts the JVM; a MariaDB image's entrypoint
 * execs the server). Once a server is up it has used by far the most CPU of the tree.
 */
final class ServerProcess {
    private ServerProcess() {}

    /** The busiest process of {@code pid}'s tree, {@code pid} itself when it has none. */
    static long of(long pid) {
        return ProcessHandle.of(pid)
                .map(
                        root ->
                                Stream.concat(Stream.of(root), root.descendants())
                                        .max(Comparator.comparing(ServerProcess::cpu))
                                        .orElse(root)
                                        .pid())
                .orElse(pid);
    }

    private static Duration cpu(ProcessHandle process) {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }
}
