package dev.ferry.benchmarks.incremental;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What a run measured, in the order it measured it, and the look-ups its report makes. */
final class IncrementalResults {
    final List<LiveResult> live = new ArrayList<>();
    final List<DrainResult> drains = new ArrayList<>();
    final List<CeilingResult> ceilings = new ArrayList<>();

    /** The live run of {@code pipeline} at {@code workers} and {@code batch}, if any. */
    Optional<LiveResult> live(String pipeline, int workers, int batch) {
        return live.stream()
                .filter(
                        l ->
                                l.point().pipeline().equals(pipeline)
                                        && l.point().workers() == workers
                                        && l.point().batch() == batch)
                .findFirst();
    }

    /** The drain of {@code pipeline} at {@code workers} of {@code workload}, if any. */
    Optional<DrainResult> drain(String pipeline, int workers, String workload) {
        return drains.stream()
                .filter(
                        d ->
                                d.point().pipeline().equals(pipeline)
                                        && d.point().workers() == workers
                                        && d.point().workload().equals(workload))
                .findFirst();
    }

    /**
     * rows/s of the first drain of {@code pipeline} at {@code workers} of {@code workload} that
     * drained; null if none.
     */
    Double drainRate(String pipeline, int workers, String workload) {
        return drains.stream()
                .filter(
                        d ->
                                d.point().pipeline().equals(pipeline)
                                        && d.point().workers() == workers
                                        && d.point().workload().equals(workload)
                                        && d.drained())
                .findFirst()
                .map(DrainResult::rowsPerSecond)
                .orElse(null);
    }

    /**
     * rows/s of the ceiling at {@code connections} of {@code workload}; null if it failed or did
     * not run.
     */
    Double ceilingRate(int connections, String workload) {
        return ceilings.stream()
                .filter(
                        c ->
                                c.workload().equals(workload)
                                        && c.connections() == connections
                                        && c.seconds() != null)
                .findFirst()
                .map(CeilingResult::rowsPerSecond)
                .orElse(null);
    }

    /** The largest backlog of row changes a drain wrote; null when no drain wrote one. */
    Long largestBacklog() {
        return drains.stream()
                .map(DrainResult::changes)
                .filter(c -> c != null)
                .max(Long::compare)
                .orElse(null);
    }
}
