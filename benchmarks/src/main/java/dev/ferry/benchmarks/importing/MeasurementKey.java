package dev.ferry.benchmarks.importing;

/**
 * What one measurement of the import table is: the tool or pipeline stage ({@code ferry-dump},
 * {@code ferry-load}, {@code ferry-e2e}, {@code stock}, {@code mydumper}, {@code myloader}, {@code
 * ceiling}, {@code direct}), the data set ({@code main} or {@code sweep}), its threads or
 * connections, and its rows per statement (mydumper: statement bytes; "-" when not set). Printed as
 * import.sh keyed its measurements: {@code ferry-load:main:16:2000}.
 */
public record MeasurementKey(String what, String data, int threads, String statement) {

    public MeasurementKey(String what, String data, int threads, int statement) {
        this(what, data, threads, Integer.toString(statement));
    }

    @Override
    public String toString() {
        return what + ":" + data + ":" + threads + ":" + statement;
    }
}
