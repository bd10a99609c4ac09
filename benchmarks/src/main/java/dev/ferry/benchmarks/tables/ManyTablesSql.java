package dev.ferry.benchmarks.tables;

/**
 * The queries over all the sysbench tables sbtest1..N of a database, each one statement however
 * many tables there are (a query per table took minutes at 1,000 tables): the total row count, the
 * count and checksum of every row, and whether the first table holds a row yet.
 */
final class ManyTablesSql {
    private final String database;
    private final int tables;

    ManyTablesSql(String database, int tables) {
        this.database = database;
        this.tables = tables;
    }

    /** One row, one column: the rows of all the tables. */
    String count() {
        return "SELECT SUM(c) FROM (" + union("COUNT(*) c") + ") AS counts";
    }

    /** One row: the rows of all the tables, and the sum of every row's CRC32. */
    String checksum() {
        return "SELECT COUNT(*), SUM(s) FROM ("
                + union("CRC32(CONCAT_WS('#',id,k,c,pad)) s")
                + ") AS sums";
    }

    /**
     * "1" once sbtest1 holds a row: the snapshot's chunks are assigned in table order, so its first
     * chunk is among the first read.
     */
    String firstRow() {
        return "SELECT 1 FROM " + database + ".sbtest1 LIMIT 1";
    }

    private String union(String selectList) {
        StringBuilder sql = new StringBuilder();
        for (int t = 1; t <= tables; t++) {
            if (t > 1) {
                sql.append(" UNION ALL ");
            }
            sql.append("SELECT ")
                    .append(selectList)
                    .append(" FROM ")
                    .append(database)
                    .append(".sbtest")
                    .append(t);
        }
        return sql.toString();
    }
}
