package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.Figures;

/** A rate as the live table shows it: thousands as "12.3k", smaller ones whole, "—" if missing. */
final class Kilo {
    private Kilo() {}

    static String of(Double value) {
        if (value == null || value.isNaN()) {
            return Figures.MISSING;
        }
        return value >= 1000 ? Figures.oneDecimal(value / 1000) + "k" : Figures.whole(value);
    }
}
