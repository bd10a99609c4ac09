package dev.ferry.benchmarks.replay;

/**
 * One poll of a replay.
 *
 * @param seconds since the apply was started
 * @param writes the downstream's Handler_write + _update + _delete so far
 * @param applyCpu the apply JVM's CPU seconds so far
 * @param downstreamCpu the downstream server's CPU seconds so far
 * @param applyJit the apply JVM's JIT compiler threads' CPU seconds so far
 */
public record ReplaySample(
        double seconds, long writes, double applyCpu, double downstreamCpu, double applyJit) {}
