package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.CpuUse;

/**
 * The processes whose CPU seconds an incremental report shows, in its order: the pipelines'
 * (capture, apply, stock) and the services' (kafka, down, up); the machine's steal time is not one.
 */
final class CpuProcesses {
    static final String[] NAMES = {"capture", "apply", "stock", "kafka", "down", "up"};

    private CpuProcesses() {}

    /** "capture=1.2 apply=3.4 …" of those measured. */
    static String summary(CpuUse use) {
        return use.summary(NAMES);
    }

    /** Their CPU seconds in all. */
    static double total(CpuUse use) {
        double total = 0;
        for (String name : NAMES) {
            total += use.of(name).orElse(0.0);
        }
        return total;
    }
}
