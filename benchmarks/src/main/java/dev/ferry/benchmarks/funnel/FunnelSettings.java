package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.run.WholeNumber;

/**
 * The size and settings of one funnel run: rows of the bulk workload (3 row changes each), single-
 * row inserts, the apply's workers and sysbench's threads, checked as funnel.sh checked them.
 *
 * @param bulkRows rows the bulk workload inserts, updates and half deletes and reinserts
 * @param singleRows single-row inserts (sysbench oltp_insert transactions)
 * @param workers the apply's {@code apply.workers}
 * @param threads sysbench's threads for the single-row workload
 */
public record FunnelSettings(int bulkRows, int singleRows, int workers, int threads) {
    /** The apply's {@code apply.batch-size}. */
    public static final int BATCH = 2000;

    /** Rows per statement (and per transaction) of the bulk workload. */
    public static final int BULK_STATEMENT_ROWS = 1000;

    /** A run's size: the full table, --quick, or --smoke. */
    public enum Size {
        FULL(60_000, 40_000),
        QUICK(30_000, 20_000),
        SMOKE(4_000, 2_000);

        private final int bulkRows;
        private final int singleRows;

        Size(int bulkRows, int singleRows) {
            this.bulkRows = bulkRows;
            this.singleRows = singleRows;
        }

        public int bulkRows() {
            return bulkRows;
        }

        public int singleRows() {
            return singleRows;
        }
    }

    /**
     * The settings of a run of {@code size}, with the rows given (null: the size's default).
     *
     * @throws IllegalArgumentException naming the flag whose value is out of range
     */
    public static FunnelSettings of(
            Size size, Integer bulkRows, Integer singleRows, int workers, int threads) {
        FunnelSettings settings =
                new FunnelSettings(
                        bulkRows == null ? size.bulkRows() : bulkRows,
                        singleRows == null ? size.singleRows() : singleRows,
                        workers,
                        threads);
        WholeNumber.inRange("--bulk-rows", settings.bulkRows, 2000, 100_000_000);
        if (settings.bulkRows % (2 * BULK_STATEMENT_ROWS) != 0) {
            throw new IllegalArgumentException(
                    "--bulk-rows must be a multiple of 2000 (statements of 1,000 rows, half of them"
                            + " deleted), got "
                            + settings.bulkRows);
        }
        WholeNumber.inRange("--single-rows", settings.singleRows, 1000, 100_000_000);
        WholeNumber.inRange("--workers", workers, 1, 64);
        WholeNumber.inRange("--threads", threads, 1, 256);
        return settings;
    }
}
