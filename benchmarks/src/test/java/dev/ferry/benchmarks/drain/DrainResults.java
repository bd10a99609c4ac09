package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.report.CpuUse;
import java.util.Map;

/** Results for the tests: a drain of given figures, its CPU all 1 s but the named ones. */
final class DrainResults {
    private DrainResults() {}

    static DrainResult drained(
            String workload, String pipeline, int workers, long rowChanges, double seconds) {
        return new DrainResult(
                workload,
                pipeline,
                workers,
                rowChanges / 4,
                rowChanges,
                seconds,
                CpuUse.between(
                        Map.of("apply", 10.0, "kafka", 1.0, "down", 2.0, "up", 3.0, "steal", 0.0),
                        Map.of(
                                "capture", 12.25,
                                "apply", 13.5,
                                "kafka", 2.0,
                                "down", 7.0,
                                "up", 3.5,
                                "steal", 0.25)),
                0L,
                "ok",
                1.756);
    }
}
