package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.report.Rates;

/**
 * The import report's arithmetic on its measurements: MB/s and rows/s on a measurement's own data
 * set, rows per INSERT, CPU per row. A figure that cannot be computed (the copy failed or was not
 * run) is null, which the report shows as "—".
 */
public final class ImportFigures {
    private final Measurements measurements;
    private final DataSets data;

    public ImportFigures(Measurements measurements, DataSets data) {
        this.measurements = measurements;
        this.data = data;
    }

    public Double seconds(MeasurementKey key) {
        return measurements.seconds(key);
    }

    /** MB of its data set per second. */
    public Double megabytesPerSecond(MeasurementKey key) {
        Double seconds = seconds(key);
        return seconds == null
                ? null
                : nanToNull(Rates.megabytesPerSecond(data.bytes(key.data()), seconds));
    }

    /** Rows of its data set per second. */
    public Double rowsPerSecond(MeasurementKey key) {
        return perSecond(data.rows(key.data()), seconds(key));
    }

    /** Rows per INSERT statement downstream: the rows ÷ the growth of Com_insert (when it grew). */
    public Double rowsPerStatement(MeasurementKey key) {
        Long inserts = measurements.get(key).map(Measurement::inserts).orElse(null);
        return inserts == null || inserts <= 0 ? null : (double) data.rows(key.data()) / inserts;
    }

    /** Cores its processes kept busy: their CPU seconds ÷ its seconds. */
    public Double cpuRate(MeasurementKey key) {
        Double seconds = seconds(key);
        return seconds == null
                ? null
                : perSecond(measurements.get(key).orElseThrow().cpuTotal(), seconds);
    }

    /** CPU seconds of all its processes per 100,000 rows. */
    public Double cpuPerHundredThousandRows(MeasurementKey key) {
        if (seconds(key) == null) {
            return null;
        }
        return nanToNull(
                Rates.perHundredThousand(
                        measurements.get(key).orElseThrow().cpuTotal(), data.rows(key.data())));
    }

    /** The seconds of two measurements added (one after the other), null unless both succeeded. */
    public Double sumSeconds(MeasurementKey first, MeasurementKey second) {
        Double a = seconds(first);
        Double b = seconds(second);
        return a == null || b == null ? null : a + b;
    }

    /** {@code amount / seconds}; null when the seconds are missing or not positive. */
    public static Double perSecond(double amount, Double seconds) {
        return seconds == null ? null : nanToNull(Rates.perSecond(amount, seconds));
    }

    /**
     * CPU µs per row of the main data set that process {@code name} ("all": every process) used
     * over the measurements {@code keys} added up; null when one of them did not succeed.
     */
    public Double microsecondsPerRow(String name, MeasurementKey... keys) {
        double sum = 0;
        for (MeasurementKey key : keys) {
            Measurement measurement = measurements.get(key).orElse(null);
            if (measurement == null || !measurement.succeeded()) {
                return null;
            }
            sum +=
                    name.equals("all")
                            ? measurement.cpuTotal()
                            : measurement.cpu().getOrDefault(name, 0.0);
        }
        return sum * 1_000_000 / data.rows(DataSets.MAIN);
    }

    private static Double nanToNull(double value) {
        return Double.isNaN(value) ? null : value;
    }
}
