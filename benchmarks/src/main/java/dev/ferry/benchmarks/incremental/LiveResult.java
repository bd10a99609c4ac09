package dev.ferry.benchmarks.incremental;

import java.util.EnumMap;
import java.util.Map;

/**
 * One live run: its figures (those not measured absent), the CPU seconds per process, and its
 * status ("ok", or what went wrong).
 */
record LiveResult(Point point, Map<LiveField, Double> figures, String cpu, String status) {

    LiveResult {
        figures = figures.isEmpty() ? Map.of() : new EnumMap<>(figures);
    }

    /** A run that could not measure, for {@code why}. */
    static LiveResult failed(Point point, String why) {
        return new LiveResult(point, Map.of(), "", why);
    }

    /** A figure, or null when it was not measured. */
    Double get(LiveField field) {
        return figures.get(field);
    }
}
