package dev.ferry.benchmarks.report;

/** Amounts per second, as the reports compute them (a rate over no time is not measured: NaN). */
public final class Rates {
    private static final double MIB = 1024 * 1024;

    private Rates() {}

    /** {@code amount / seconds}: rows/s, transactions/s, events/s. */
    public static double perSecond(double amount, double seconds) {
        return seconds > 0 ? amount / seconds : Double.NaN;
    }

    /** {@code bytes} in MB (2^20 bytes, as the import table counts DATA_LENGTH) per second. */
    public static double megabytesPerSecond(long bytes, double seconds) {
        return perSecond(bytes / MIB, seconds);
    }

    /** {@code amount} per 100,000 {@code units} (CPU seconds per 100k row changes). */
    public static double perHundredThousand(double amount, double units) {
        return units > 0 ? amount * 100_000 / units : Double.NaN;
    }
}
