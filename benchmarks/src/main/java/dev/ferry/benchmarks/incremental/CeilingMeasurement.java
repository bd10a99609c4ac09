package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.ceiling.CeilingLoader;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The downstream's ceiling: CeilingLoader on a database of its own, INSERTs of new rows
 * (oltp_insert), or upserts of existing rows (oltp_write_only: ferry writes each changed row as
 * one, a delete-then-insert folded), as many rows as the largest drained backlog.
 */
final class CeilingMeasurement {
    /** The ceiling's own database downstream. */
    static final String DATABASE = "bench_incremental_ceiling";

    private final BenchRun run;
    private final IncrementalPlan plan;

    CeilingMeasurement(BenchRun run, IncrementalPlan plan) {
        this.run = run;
        this.plan = plan;
    }

    /**
     * {@code rows} rows of {@code workload} over {@code connections}, {@code batch} a statement.
     */
    CeilingResult measure(String workload, int connections, int batch, long rows)
            throws IOException, InterruptedException, SQLException {
        long perTable = (rows + 3) / 4;
        boolean upsert = workload.equals("oltp_write_only");
        String mode = upsert ? "upsert" : "insert";
        long first = upsert ? 1 : plan.rowsPerTable() + 1L;
        copyTables();
        if (upsert) { // the rows to change, first
            load(
                    List.of(
                            "--rows-per-table",
                            Long.toString(perTable),
                            "--connections",
                            "4",
                            "--rows-per-statement",
                            "2000"));
        }
        Progress.say(
                "ceiling "
                        + workload
                        + ": "
                        + connections
                        + " connections, "
                        + batch
                        + " rows per statement, "
                        + perTable * 4
                        + " rows ("
                        + mode
                        + ")");
        String line =
                load(
                        List.of(
                                "--rows-per-table", Long.toString(perTable),
                                "--connections", Integer.toString(connections),
                                "--rows-per-statement", Integer.toString(batch),
                                "--first-id", Long.toString(first),
                                "--mode", mode));
        run.downstream().execute("DROP DATABASE IF EXISTS " + DATABASE);
        return CeilingResult.parse(workload, connections, batch, mode, line);
    }

    /** The run's sbtest tables' definitions, empty, in the ceiling's database downstream. */
    private void copyTables() throws SQLException {
        run.downstream()
                .execute("DROP DATABASE IF EXISTS " + DATABASE, "CREATE DATABASE " + DATABASE);
        for (int t = 1; t <= 4; t++) {
            String definition =
                    run.upstream()
                            .rows("SHOW CREATE TABLE " + run.database() + ".sbtest" + t)
                            .get(0)
                            .get(1);
            run.downstream().execute("USE " + DATABASE, definition);
        }
    }

    /** Runs CeilingLoader with {@code options}; the last line it printed. */
    private String load(List<String> options) throws IOException, InterruptedException {
        DatabaseEndpoint down = run.services().downstream();
        List<String> command =
                run.benchmarksMain(
                        List.of(),
                        CeilingLoader.class.getName(),
                        List.of(
                                "--url",
                                "jdbc:mysql://" + down.address() + "/" + DATABASE,
                                "--user",
                                down.username(),
                                "--tables",
                                "4"));
        command.addAll(options);
        Path log = run.work().resolve("ceiling.out");
        RunProcess loader =
                run.processes()
                        .start(
                                "ceiling",
                                command,
                                Map.of(
                                        CeilingLoader.PASSWORD_VARIABLE,
                                        down.password() == null ? "" : down.password()),
                                log);
        loader.await();
        run.processes().stop("ceiling");
        return loader.tail(1);
    }
}
