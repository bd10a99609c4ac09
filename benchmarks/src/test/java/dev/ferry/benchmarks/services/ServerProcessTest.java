package dev.ferry.benchmarks.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerProcessTest {
    @Test
    void theBusiestProcessOfATreeIsItsServer() throws Exception {
        // like Testcontainers' Kafka: a shell that starts the process doing the work
        Process shell =
                new ProcessBuilder("sh", "-c", "sh -c 'while :; do :; done' & wait").start();
        try {
            ProcessHandle worker = awaitChild(shell.toHandle());
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (worker.info().totalCpuDuration().orElse(Duration.ZERO).toMillis() < 100
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(ServerProcess.of(shell.pid())).isEqualTo(worker.pid());
        } finally {
            shell.descendants().forEach(ProcessHandle::destroyForcibly);
            shell.destroyForcibly().waitFor();
        }
    }

    @Test
    void aProcessThatIsGoneIsLeftAsGiven() {
        assertThat(ServerProcess.of(Long.MAX_VALUE - 1)).isEqualTo(Long.MAX_VALUE - 1);
    }

    private static ProcessHandle awaitChild(ProcessHandle parent) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            Optional<ProcessHandle> child = parent.children().findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the shell started no child");
    }
}
