package dev.ferry.benchmarks.saga;

import dev.ferry.benchmarks.run.ProcStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * The JIT compiler threads of the JVMs a benchmark column runs on (this client and the saga
 * coordinator), read from /proc: a column starts once they are quiet, so that neither side is
 * measured while a JVM compiles code that the previous run made hot, on the same shared cores.
 */
final class Compilers {
    private static final Duration STEP = Duration.ofMillis(500);

    /** CPU per step below which a JVM counts as quiet: 2% of one core. */
    private static final long QUIET_MILLIS = 10;

    private final List<Long> pids;

    Compilers(List<Long> pids) {
        this.pids = List.copyOf(pids);
    }

    /**
     * Returns once no JVM's compiler threads used more than {@link #QUIET_MILLIS} in one step, or
     * after {@code atMost}; at once where /proc cannot be read.
     */
    void awaitQuiet(Duration atMost) throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        long[] before = cpuMillis();
        while (before != null && System.nanoTime() < deadline) {
            Thread.sleep(STEP.toMillis());
            long[] now = cpuMillis();
            if (now == null || quiet(before, now)) {
                return;
            }
            before = now;
        }
    }

    private static boolean quiet(long[] before, long[] now) {
        for (int i = 0; i < now.length; i++) {
            if (now[i] - before[i] > QUIET_MILLIS) {
                return false;
            }
        }
        return true;
    }

    /** Per JVM, the CPU its compiler threads have used so far; null where /proc cannot say. */
    private long[] cpuMillis() {
        long[] millis = new long[pids.size()];
        for (int i = 0; i < pids.size(); i++) {
            Path tasks = Path.of("/proc", String.valueOf(pids.get(i)), "task");
            try (Stream<Path> threads = Files.list(tasks)) {
                millis[i] = threads.mapToLong(Compilers::compilerMillis).sum();
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return millis;
    }

    /** utime + stime of a "C1/C2 CompilerThread", 0 for any other thread. */
    private static long compilerMillis(Path thread) {
        return ProcStat.read(thread.resolve("stat"))
                .filter(stat -> stat.name().matches("C[12] CompilerThre.*"))
                .map(ProcStat::cpuMillis)
                .orElse(0L);
    }
}
