package dev.ferry.benchmarks.funnel;

/**
 * The funnel's two workloads. {@code BULK} is Canal's batch Insert/Update/Delete: statements of
 * 1,000 rows on a sysbench-shaped table, each its own transaction ({@link BulkStatements}): 3 row
 * changes per row. {@code SINGLE} is sysbench oltp_insert: one autocommitted single-row INSERT per
 * transaction.
 */
public enum Workload {
    BULK("bulk", "bulk Insert/Update/Delete", "bulk", "10% (20w ÷ 200w)"),
    SINGLE("single", "single-row inserts", "sbtest1", "14% (10w ÷ 71w)");

    private final String label;
    private final String heading;
    private final String table;
    private final String canal;

    Workload(String label, String heading, String table, String canal) {
        this.label = label;
        this.heading = heading;
        this.table = table;
        this.canal = canal;
    }

    /** Its name in the report and the progress lines: bulk, single. */
    public String label() {
        return label;
    }

    /** Its column heading in the funnel table. */
    public String heading() {
        return heading;
    }

    /** The upstream table it writes. */
    public String table() {
        return table;
    }

    /** Canal's published client receive ÷ binlog receive for the same kind of load. */
    public String canalRatio() {
        return canal;
    }

    /** The row changes of one backlog. */
    public long changes(FunnelSettings settings) {
        return this == BULK ? 3L * settings.bulkRows() : settings.singleRows();
    }

    /** The upstream transactions of one backlog. */
    public long transactions(FunnelSettings settings) {
        return this == BULK
                ? 3L * settings.bulkRows() / FunnelSettings.BULK_STATEMENT_ROWS
                : settings.singleRows();
    }

    /**
     * The query whose result is the table's state: bulk {@code COUNT(*), SUM(k)}, equal only when
     * every row went through all of its changes (whatever order the apply commits other rows in);
     * single {@code COUNT(*)}.
     */
    public String stateSql(String database) {
        return this == BULK
                ? "SELECT COUNT(*), SUM(k) FROM " + database + ".bulk"
                : "SELECT COUNT(*) FROM " + database + ".sbtest1";
    }

    /** The regular expression of its change topic: one topic per table, TAG.db.table. */
    public String topicRegex(String tag, String database) {
        return "^" + tag.replace(".", "\\.") + "\\." + database + "\\." + table + "$";
    }
}
