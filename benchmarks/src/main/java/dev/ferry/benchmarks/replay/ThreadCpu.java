package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.ProcStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The CPU seconds a JVM's JIT compiler threads and its garbage collector's threads have used so
 * far, from /proc/&lt;pid&gt;/task: a fresh JVM compiles through most of a short replay, which a
 * long-running pipeline does once, so the A/B tables show those shares apart.
 *
 * @param jitSeconds the C1 and C2 compiler threads'
 * @param gcSeconds the G1 and GC threads' and the VM's periodic task thread's
 */
public record ThreadCpu(double jitSeconds, double gcSeconds) {
    private static final Pattern JIT = Pattern.compile("^C[12] CompilerThre");
    private static final Pattern GC = Pattern.compile("^(G1 |GC Thread|VM Periodic)");

    /** What a JVM thread does, as far as these figures go. */
    public enum Kind {
        JIT,
        GC,
        OTHER
    }

    /** The kind of a thread from its name as /proc shows it (at most 15 characters). */
    public static Kind kind(String threadName) {
        if (JIT.matcher(threadName).find()) {
            return Kind.JIT;
        }
        return GC.matcher(threadName).find() ? Kind.GC : Kind.OTHER;
    }

    /** The sums over threads given as their /proc readings. */
    public static ThreadCpu of(List<ProcStat> threads) {
        long jit = 0;
        long gc = 0;
        for (ProcStat thread : threads) {
            switch (kind(thread.name())) {
                case JIT -> jit += thread.cpuMillis();
                case GC -> gc += thread.cpuMillis();
                default -> {}
            }
        }
        return new ThreadCpu(jit / 1000.0, gc / 1000.0);
    }

    /** The figures of process {@code pid} now; zero once it is gone. */
    public static ThreadCpu read(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (Stream<Path> threads = Files.list(tasks)) {
            return of(
                    threads.map(task -> ProcStat.read(task.resolve("stat")))
                            .flatMap(Optional::stream)
                            .toList());
        } catch (IOException | java.io.UncheckedIOException e) {
            return new ThreadCpu(0, 0);
        }
    }
}
