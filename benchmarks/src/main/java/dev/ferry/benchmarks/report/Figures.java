package dev.ferry.benchmarks.report;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * A report's numbers as text, as lib/bench.sh's fmt0/fmt1/fmt2 and ratio printed them: a missing
 * figure is "—", whole numbers have thousands separated by commas.
 */
public final class Figures {
    /** What a report shows for a figure that was not measured. */
    public static final String MISSING = "—";

    private Figures() {}

    /** No decimals, thousands separated: 12,346. */
    public static String whole(Double value) {
        if (value == null || value.isNaN()) {
            return MISSING;
        }
        DecimalFormat format =
                new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setRoundingMode(java.math.RoundingMode.HALF_EVEN);
        return format.format(value);
    }

    /** One decimal: 12.3. */
    public static String oneDecimal(Double value) {
        return fixed(value, 1);
    }

    /** Two decimals: 12.35. */
    public static String twoDecimals(Double value) {
        return fixed(value, 2);
    }

    private static String fixed(Double value, int decimals) {
        if (value == null || value.isNaN()) {
            return MISSING;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
