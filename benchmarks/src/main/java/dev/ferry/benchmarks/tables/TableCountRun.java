package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.DownstreamWait;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One pipeline's measurement at one table count, the steps both pipelines share: the data upstream,
 * waiting for the snapshot downstream, the idle time, the drain's checksums, the CPU readings, and
 * what the logs say went wrong. Each measurement starts with no logs in the work folder, so that
 * the restarts counted are its own.
 */
final class TableCountRun {
    static final Duration FIRST_ROW_TIMEOUT = Duration.ofSeconds(600);
    static final Duration ALL_ROWS_TIMEOUT = Duration.ofSeconds(1800);
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(900);

    /**
     * Between the last row and the idle time: the last checkpoint, the progress save, and the
     * binlog phase's start (which reads every table's definition).
     */
    static final Duration SETTLE = Duration.ofSeconds(30);

    /** The processes and services whose CPU the progress lines name, as tables.sh's cpu_line. */
    static final String[] CPU_NAMES = {"capture", "apply", "stock", "kafka", "down", "up"};

    private static final Duration FIRST_ROW_POLL = Duration.ofMillis(200);

    final BenchRun run;
    final TablesConfig config;
    final int tables;
    final int rowsPerTable;
    final long rows;
    final SysbenchTables sysbench;
    final ManyTablesSql sql;
    private final DownstreamWait wait;
    private final RunLogs logs;

    private TableCountRun(BenchRun run, TablesConfig config, int tables) {
        this.run = run;
        this.config = config;
        this.tables = tables;
        this.rowsPerTable = config.rowsPerTable(tables);
        this.rows = (long) rowsPerTable * tables;
        this.sysbench = new SysbenchTables(run, tables);
        this.sql = new ManyTablesSql(run.database(), tables);
        this.wait = new DownstreamWait(run);
        this.logs = new RunLogs(run.work());
    }

    /** One pipeline's steps at one table count, on a {@link TableCountRun} started for it. */
    @FunctionalInterface
    interface Steps {
        TableCountResult measured(TableCountRun count)
                throws IOException, SQLException, InterruptedException;
    }

    /**
     * {@code steps} at {@code tables} tables, on a fresh start; every process of the run is stopped
     * after them, whatever happened.
     */
    static TableCountResult measure(BenchRun run, TablesConfig config, int tables, Steps steps)
            throws IOException, SQLException, InterruptedException {
        try {
            return steps.measured(start(run, config, tables));
        } finally {
            run.processes().stopAll();
        }
    }

    /** A measurement at {@code tables} tables; the logs of the one before are deleted. */
    static TableCountRun start(BenchRun run, TablesConfig config, int tables) throws IOException {
        try (Stream<Path> files = Files.list(run.work())) {
            for (Path log : files.filter(f -> f.toString().endsWith(".log")).toList()) {
                Files.deleteIfExists(log);
            }
        }
        return new TableCountRun(run, config, tables);
    }

    /** A fresh database upstream: sysbench oltp_insert prepare, the rows split over the tables. */
    void prepareUpstream() throws SQLException, IOException, InterruptedException {
        sysbench.prepareUpstream("oltp_insert", rowsPerTable);
    }

    /** Seconds from {@code startNanos} until sbtest1 downstream holds a row. */
    double awaitFirstRow(long startNanos) throws IOException, InterruptedException {
        while (!"1".equals(firstRow())) {
            run.processes().checkAlive();
            if (System.nanoTime() - startNanos > FIRST_ROW_TIMEOUT.toNanos()) {
                throw new IOException(
                        "no row downstream after " + FIRST_ROW_TIMEOUT.toSeconds() + " s");
            }
            Thread.sleep(FIRST_ROW_POLL.toMillis());
        }
        return secondsSince(startNanos);
    }

    /** Seconds from {@code startNanos} until every row is downstream. */
    double awaitAllRows(long startNanos) throws IOException, InterruptedException, SQLException {
        wait.quietlyUntil(sql.count(), Long.toString(rows), ALL_ROWS_TIMEOUT);
        return secondsSince(startNanos);
    }

    /** Sleeps until the pipeline has settled after its snapshot. */
    void settle() throws InterruptedException {
        Thread.sleep(SETTLE.toMillis());
    }

    /** Each process's CPU over the idle seconds, nothing written upstream. */
    CpuUse idle() throws InterruptedException {
        Map<String, Double> before = cpu();
        Thread.sleep(config.idleSeconds() * 1000L);
        return CpuUse.between(before, cpu());
    }

    /** The upstream's count and checksum of all the tables, as the downstream must show them. */
    String upstreamChecksum() throws SQLException {
        return run.upstream().text(sql.checksum());
    }

    /** The drain's seconds until the downstream's checksum is {@code expected}. */
    double awaitChecksum(String expected) throws IOException, InterruptedException, SQLException {
        return wait.quietlyUntil(sql.checksum(), expected, DRAIN_TIMEOUT);
    }

    /** CPU seconds so far of the measurement's processes and the services. */
    Map<String, Double> cpu() {
        return CpuReadings.read(run);
    }

    /** {@code what}, and the first error line of the pipelines' logs. */
    String failure(String what) {
        return logs.failure(what);
    }

    /** {@code status}, and how often a task failed over and why, when the logs show it did. */
    String withRestarts(String status) {
        long restarts = logs.restarts();
        return restarts == 0
                ? status
                : status
                        + "; a task failed over "
                        + restarts
                        + " times, first because: "
                        + logs.failoverCause();
    }

    /**
     * The backlog of the drain: sysbench oltp_write_only on these tables for the configured threads
     * and seconds, while the pipeline (or its apply) is paused.
     */
    WriteOnlyBacklog.Outcome writeBacklog() throws IOException, InterruptedException {
        return WriteOnlyBacklog.write(
                run, tables, rowsPerTable, config.threads(), config.seconds());
    }

    /** The failed result of a snapshot that threw {@code e}, said as {@code label}'s progress. */
    TableCountResult snapshotFailed(String label, Exception e) {
        TableCountResult failed = TableCountResult.failed(tables, failure(e.getMessage()), rows);
        Progress.say(label + ": FAILED: " + failed.status());
        return failed;
    }

    /** Says how long {@code label}'s snapshot took to its first row and to all rows. */
    void saySnapshot(String label, double first, double allRows) {
        Progress.say(
                label
                        + ": first row downstream "
                        + Figures.oneDecimal(first)
                        + " s after start; all "
                        + rows
                        + " rows in "
                        + Figures.oneDecimal(allRows)
                        + " s");
    }

    /** Says {@code label}'s CPU over the idle seconds. */
    void sayIdle(String label, CpuUse idle) {
        Progress.say(label + ": idle for " + config.idleSeconds() + "s: " + cpuLine(idle));
    }

    /** Says how fast {@code label} drained {@code changes} row changes. */
    static void sayDrained(String label, long changes, double seconds) {
        Progress.say(
                label
                        + ": drained "
                        + changes
                        + " row changes in "
                        + Figures.oneDecimal(seconds)
                        + "s: "
                        + Figures.whole(Math.floor(changes / seconds))
                        + " changes/s");
    }

    /** The result of a measurement that got through its snapshot; its status with the restarts. */
    TableCountResult result(
            double first,
            double allRows,
            CpuUse snapshotCpu,
            CpuUse idle,
            Double drained,
            long changes,
            CpuUse drainCpu,
            String status) {
        return new TableCountResult(
                tables,
                first,
                allRows,
                snapshotCpu,
                idle,
                drained,
                changes,
                drainCpu,
                withRestarts(status),
                rows);
    }

    /** The CPU line of a progress message: "capture=1.2 apply=0.8 kafka=0.1 ...". */
    static String cpuLine(CpuUse cpu) {
        return cpu.summary(CPU_NAMES);
    }

    /** The database's sinks open a connection per table and subtask: room for them downstream. */
    void raiseDownstreamConnections(int perTable) throws SQLException {
        run.downstream()
                .execute(
                        "SET GLOBAL max_connections = GREATEST(@@max_connections, "
                                + ((long) tables * perTable + 100)
                                + ")");
    }

    /** Drops the run's database (and the apply's progress database) downstream. */
    void dropDownstream(List<String> databases) throws SQLException {
        for (String database : databases) {
            run.downstream().execute("DROP DATABASE IF EXISTS " + database);
        }
    }

    private String firstRow() {
        try {
            return run.downstream().value(sql.firstRow());
        } catch (SQLException e) {
            return null; // no table yet
        }
    }

    private static double secondsSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
