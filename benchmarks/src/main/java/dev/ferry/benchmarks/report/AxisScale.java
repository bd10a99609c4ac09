package dev.ferry.benchmarks.report;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * A value axis from 0 to a round maximum, with round tick steps (1, 2 or 5 times a power of 10).
 */
record AxisScale(double max, double step) {

    static AxisScale upTo(double largest, int wantedTicks) {
        if (!(largest > 0)) {
            return new AxisScale(1, 0.2);
        }
        double rough = largest / wantedTicks;
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        double step = power;
        for (double factor : new double[] {1, 2, 2.5, 5, 10}) {
            step = factor * power;
            if (step >= rough) {
                break;
            }
        }
        return new AxisScale(Math.ceil(largest / step - 1e-9) * step, step);
    }

    int ticks() {
        return (int) Math.round(max / step);
    }

    /** Tick labels as people read them: 1,500 and 2.5 and 12k for 12,000 and over. */
    String label(double value) {
        DecimalFormat format =
                new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
        if (max >= 100_000 && value != 0) {
            return format.format(value / 1000) + "k";
        }
        return format.format(value);
    }
}
