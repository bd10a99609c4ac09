package dev.ferry.benchmarks.importing;

import java.util.HashMap;
import java.util.Map;

/**
 * The import's two data sets: "main" (the headline tables, database bench_import) and "sweep" (the
 * sweeps', bench_import_sweep, when its rows per table differ; otherwise the sweeps run on "main"
 * and reuse its measurements). Each is 4 sysbench tables; its size is the upstream's InnoDB data
 * once prepared.
 */
public final class DataSets {
    /** The headline tables' data set. */
    public static final String MAIN = "main";

    /** The sweeps' own data set. */
    public static final String SWEEP = "sweep";

    /** sysbench tables in each data set. */
    public static final int TABLES = 4;

    private final Map<String, Integer> rowsPerTable = new HashMap<>();
    private final Map<String, Long> bytes = new HashMap<>();
    private final String sweepData;

    public DataSets(ImportSettings settings) {
        rowsPerTable.put(MAIN, settings.rows());
        rowsPerTable.put(SWEEP, settings.sweepRows());
        sweepData = settings.sweepsOnOwnData() ? SWEEP : MAIN;
    }

    /** The data set the sweeps run on: "sweep", or "main" when they share its rows. */
    public String sweepData() {
        return sweepData;
    }

    /** The database a data set lives in, upstream and downstream. */
    public static String database(String data) {
        return data.equals(MAIN) ? "bench_import" : "bench_import_sweep";
    }

    public int rowsPerTable(String data) {
        return rowsPerTable.get(data);
    }

    /** Rows of all its tables. */
    public long rows(String data) {
        return (long) rowsPerTable(data) * TABLES;
    }

    /** Records its size: SUM(DATA_LENGTH) upstream after sysbench prepare. */
    public void bytes(String data, long size) {
        bytes.put(data, size);
    }

    /** Its size in bytes; 0 before it was prepared. */
    public long bytes(String data) {
        return bytes.getOrDefault(data, 0L);
    }

    /** Its size in MB (2^20 bytes). */
    public double megabytes(String data) {
        return bytes(data) / 1048576.0;
    }
}
