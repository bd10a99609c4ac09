package dev.ferry.benchmarks.report;

import java.util.Locale;

/**
 * Whether a measured ratio reached its target, as a report's verdict column says it: "met", "missed
 * by 12%" (how far below the target, relative to it) or "not measured".
 */
public final class Verdict {
    private Verdict() {}

    /** The verdict on {@code value} against {@code target} (a value at the target meets it). */
    public static String of(Double value, double target) {
        if (value == null || value.isNaN()) {
            return "not measured";
        }
        if (value >= target) {
            return "met";
        }
        return String.format(Locale.ROOT, "missed by %.0f%%", 100 * (1 - value / target));
    }
}
