package dev.ferry.benchmarks.report;

import java.util.Locale;
import java.util.OptionalDouble;

/** One figure divided by another, as a report states it: "2.15×", or "—" when it cannot be. */
public final class Ratio {
    private Ratio() {}

    /** {@code numerator / denominator}; empty when either is missing or the denominator is 0. */
    public static OptionalDouble of(Double numerator, Double denominator) {
        if (numerator == null
                || denominator == null
                || numerator.isNaN()
                || denominator.isNaN()
                || denominator == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(numerator / denominator);
    }

    /** The ratio with two decimals and "×", or "—". */
    public static String text(Double numerator, Double denominator) {
        OptionalDouble ratio = of(numerator, denominator);
        return ratio.isPresent()
                ? String.format(Locale.ROOT, "%.2f×", ratio.getAsDouble())
                : Figures.MISSING;
    }
}
