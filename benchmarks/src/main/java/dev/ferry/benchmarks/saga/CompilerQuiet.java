package dev.ferry.benchmarks.saga;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Waits until this JVM's JIT compiler has caught up: work done just before a measurement (building
 * the saga commands) leaves methods queued for compilation, and compiling them while the
 * coordinator is measured would take its CPU on the shared cores.
 */
final class CompilerQuiet {
    private static final Duration STEP = Duration.ofMillis(250);

    private CompilerQuiet() {}

    /** Returns once no compilation ran for one step, or after {@code atMost}. */
    static void await(Duration atMost) throws InterruptedException {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
            return;
        }
        long deadline = System.nanoTime() + atMost.toNanos();
        long before = compiler.getTotalCompilationTime();
        while (System.nanoTime() < deadline) {
            Thread.sleep(STEP.toMillis());
            long now = compiler.getTotalCompilationTime();
            if (now == before) {
                return;
            }
            before = now;
        }
    }
}
