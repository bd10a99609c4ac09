package dev.ferry.benchmarks.probe;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * Repeats a probe's measurement in one JVM: the first pass warms the JIT and is dropped (the
 * pipeline's long-running JVMs are warm too), and of the others the one with the median duration is
 * kept, so one pass disturbed by other work on the machine does not decide the figure.
 */
public final class Passes {
    private Passes() {}

    /** Runs {@code pass} {@code count} times (at least once) and returns the kept result. */
    public static <T> T median(int count, Supplier<T> pass, ToLongFunction<T> durationMs) {
        if (count <= 1) {
            return pass.get();
        }
        pass.get();
        List<T> measured = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            measured.add(pass.get());
        }
        return middle(measured, durationMs);
    }

    /** The result with the median duration (the lower middle one of an even count). */
    static <T> T middle(List<T> results, ToLongFunction<T> durationMs) {
        List<T> sorted = new ArrayList<>(results);
        sorted.sort(Comparator.comparingLong(durationMs));
        return sorted.get((sorted.size() - 1) / 2);
    }
}
