package dev.ferry.benchmarks.run;

import dev.ferry.benchmarks.sysbench.Sysbench;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The sysbench tables sbtest1..N of a run's database: preparing them upstream, creating them empty
 * downstream, and the SQL that counts and checksums them on either side.
 */
public final class SysbenchTables {
    private final BenchRun run;
    private final int tables;

    /** The first {@code tables} sysbench tables of {@code run}'s database. */
    public SysbenchTables(BenchRun run, int tables) {
        this.run = run;
        this.tables = tables;
    }

    public int tables() {
        return tables;
    }

    /** The sysbench client for the run's database upstream (logs in the run's work folder). */
    public Sysbench sysbench() {
        return new Sysbench(run.services().upstream(), run.database(), run.work());
    }

    /**
     * A fresh database upstream, filled by {@code sysbench WORKLOAD prepare} (4 threads). First the
     * binlogs of earlier runs go: every run starts with a snapshot, so none reads them again, and a
     * full drain matrix writes tens of GB of them. The server keeps a log a reader still uses.
     */
    public void prepareUpstream(String workload, int rowsPerTable)
            throws SQLException, IOException, InterruptedException {
        SqlClient up = run.upstream();
        try {
            up.execute("FLUSH BINARY LOGS");
            String current = up.value("SHOW MASTER STATUS");
            if (current != null) {
                up.execute("PURGE BINARY LOGS TO '" + current + "'");
            }
        } catch (SQLException e) {
            Progress.say(
                    "could not purge the upstream's old binlogs ("
                            + e.getMessage()
                            + "); carrying on");
        }
        String db = run.database();
        up.execute("DROP DATABASE IF EXISTS " + db, "CREATE DATABASE " + db);
        sysbench().prepare(workload, tables, rowsPerTable, 4);
    }

    /**
     * Empty tables of the upstream's definitions in a fresh database of the same name downstream.
     */
    public void resetDownstream() throws SQLException {
        String db = run.database();
        List<String> definitions = new ArrayList<>();
        for (List<String> table :
                run.upstream()
                        .rows("SHOW FULL TABLES FROM " + db + " WHERE Table_type = 'BASE TABLE'")) {
            definitions.add(
                    run.upstream()
                            .rows("SHOW CREATE TABLE " + db + "." + table.get(0))
                            .get(0)
                            .get(1));
        }
        SqlClient down = run.downstream();
        down.execute("DROP DATABASE IF EXISTS " + db, "CREATE DATABASE " + db);
        down.execute("USE " + db);
        for (String definition : definitions) {
            down.execute(definition);
        }
    }

    /**
     * {@link #resetDownstream}, and no apply progress downstream, so that the next apply starts
     * from the beginning of its topics.
     */
    public void resetDownstreamForApply() throws SQLException {
        resetDownstream();
        run.downstream().execute("DROP DATABASE IF EXISTS " + Pipelines.PROGRESS_DATABASE);
    }

    /** SQL of the total COUNT(*) of the tables. */
    public String rowsSql() {
        StringBuilder sql = new StringBuilder("SELECT 0");
        for (int t = 1; t <= tables; t++) {
            sql.append("+(SELECT COUNT(*) FROM ")
                    .append(run.database())
                    .append(".sbtest")
                    .append(t)
                    .append(')');
        }
        return sql.toString();
    }

    /** SQL of one row per table: its number, COUNT(*) and the sum of its rows' CRC32s. */
    public String checksumSql() {
        List<String> selects = new ArrayList<>();
        for (int t = 1; t <= tables; t++) {
            selects.add(
                    "SELECT "
                            + t
                            + ", COUNT(*), SUM(CRC32(CONCAT_WS('#',id,k,c,pad))) FROM "
                            + run.database()
                            + ".sbtest"
                            + t);
        }
        return String.join(" UNION ALL ", selects);
    }

    /** InnoDB data of the database upstream, in bytes (DATA_LENGTH, as DM's reports count size). */
    public long dataBytes() throws SQLException {
        return run.upstream()
                .number(
                        "SELECT SUM(DATA_LENGTH) FROM information_schema.TABLES WHERE TABLE_SCHEMA='"
                                + run.database()
                                + "'");
    }

    /**
     * The row changes of {@code transactions} committed sysbench transactions: oltp_insert commits
     * one INSERT each; an oltp_write_only transaction updates k and c of one id, deletes it and
     * inserts it again: 4.
     */
    public static long rowChanges(String workload, long transactions) {
        return workload.equals("oltp_insert") ? transactions : transactions * 4;
    }
}
