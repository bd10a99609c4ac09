package dev.ferry.benchmarks.funnel;

import java.util.Map;

/**
 * What one stage of one workload measured.
 *
 * @param seconds the stage's time
 * @param bytes what the stage handles: binlog bytes for stages 1–2 and end to end, envelope key +
 *     value bytes for 3–6
 * @param wall the window the CPU was measured over, in seconds
 * @param cpu CPU seconds of each process in that window, by the names {@link StageCpu} knows
 *     (probe, capture, apply, kafka, up, down); a process not measured is absent
 */
public record StageResult(double seconds, long bytes, double wall, Map<String, Double> cpu) {
    public StageResult {
        cpu = Map.copyOf(cpu);
    }
}
