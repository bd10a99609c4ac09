package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.run.ProcStat;

/**
 * The capture's counters at one moment: the time, its JVM's CPU seconds so far (all of it, its JIT
 * compiler threads', its GC threads') and the Kafka broker's CPU seconds (0 when its pid is not
 * known: the broker then has no figure).
 */
public record CaptureReading(double seconds, double cpu, double jit, double gc, double broker) {

    /** Reads process {@code capture} and, when not null, the broker {@code kafka} now. */
    public static CaptureReading now(long capture, Long kafka) {
        double broker = kafka == null ? Double.NaN : cpu(kafka);
        double cpu = cpu(capture);
        double seconds = System.nanoTime() / 1e9;
        ThreadCpu threads = ThreadCpu.read(capture);
        return new CaptureReading(seconds, cpu, threads.jitSeconds(), threads.gcSeconds(), broker);
    }

    private static double cpu(long pid) {
        return ProcStat.processMillis(pid).orElse(0) / 1000.0;
    }
}
