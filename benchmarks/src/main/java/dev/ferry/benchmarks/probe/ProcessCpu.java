package dev.ferry.benchmarks.probe;

import java.lang.management.ManagementFactory;

/** CPU time this JVM has used so far (all its threads, user and system), for a probe's report. */
public final class ProcessCpu {
    private ProcessCpu() {}

    public static long millis() {
        return ((com.sun.management.OperatingSystemMXBean)
                                ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1_000_000;
    }
}
