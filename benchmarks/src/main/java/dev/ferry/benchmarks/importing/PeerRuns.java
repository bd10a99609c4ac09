package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The peers' copies: mydumper (dump to SQL files on local disk) and myloader (load them into an
 * empty downstream database), Debian's packages run on this host against the services' ports with
 * the password in MYSQL_PWD; the downstream ceiling (CeilingLoader); and the direct import probe.
 */
final class PeerRuns {
    private final ImportCopies copies;
    private final ImportKeys keys;
    private final int dumpThreads;

    PeerRuns(ImportCopies copies, ImportKeys keys, int dumpThreads) {
        this.copies = copies;
        this.keys = keys;
        this.dumpThreads = dumpThreads;
    }

    private BenchRun run() {
        return copies.run();
    }

    /** Where the current data set's dump with statements of {@code statementBytes} goes. */
    private Path dumpDir(int statementBytes) {
        return run().work().resolve("dump-" + copies.data() + "-" + statementBytes);
    }

    /** mydumper with {@link #dumpThreads} threads and statements of about {@code bytes} bytes. */
    void mydumper(int statementBytes) throws InterruptedException {
        MeasurementKey key = keys.mydumper(copies.data(), statementBytes);
        if (copies.measurements().has(key)) {
            return;
        }
        Path dir = dumpDir(statementBytes);
        DatabaseEndpoint up = run().services().upstream();
        try {
            deleteRecursively(dir);
            ImportCopies.Start start = copies.start();
            Ran ran =
                    tool(
                            "mydumper",
                            up,
                            List.of(
                                    "-B", run().database(),
                                    "-t", Integer.toString(dumpThreads),
                                    "--rows", "50000",
                                    "-s", Integer.toString(statementBytes),
                                    "-o", dir.toString()),
                            start);
            if (ran.exit() != 0) {
                copies.failed(key, "mydumper failed: " + lastLine("mydumper.log"));
                return;
            }
            measured(key, start, "mydumper", ran);
        } catch (IOException | SQLException e) {
            copies.failed(key, "mydumper failed: " + e.getMessage());
        }
    }

    /** myloader with {@code threads} threads loads that dump into an empty downstream database. */
    void myloader(int threads, int statementBytes) throws InterruptedException {
        MeasurementKey key = keys.myloader(copies.data(), threads, statementBytes);
        if (copies.measurements().has(key)) {
            return;
        }
        DatabaseEndpoint down = run().services().downstream();
        try {
            run().downstream().execute("DROP DATABASE IF EXISTS " + run().database());
            ImportCopies.Start start = copies.start();
            Ran ran =
                    tool(
                            "myloader",
                            down,
                            List.of(
                                    "-B",
                                    run().database(),
                                    "-t",
                                    Integer.toString(threads),
                                    "-d",
                                    dumpDir(statementBytes).toString(),
                                    "-o"),
                            start);
            if (ran.exit() != 0 || !holdsAllRows()) {
                copies.failed(key, "myloader did not load every row: " + lastLine("myloader.log"));
                return;
            }
            measured(key, start, "myloader", ran);
        } catch (IOException | SQLException e) {
            copies.failed(key, "myloader did not load every row: " + e.getMessage());
        }
    }

    /**
     * The downstream ceiling: CeilingLoader writes generated sysbench rows into empty tables over
     * {@code connections} connections, {@code rowsPerStatement} rows a statement; its time and
     * statement latency p99 are its own.
     */
    void ceiling(int connections, int rowsPerStatement) throws InterruptedException {
        MeasurementKey key = keys.ceiling(copies.data(), connections, rowsPerStatement);
        if (copies.measurements().has(key)) {
            return;
        }
        DatabaseEndpoint down = run().services().downstream();
        try {
            copies.emptyDownstream();
            ImportCopies.Start start = copies.start();
            List<String> command =
                    run().benchmarksMain(
                                    List.of(),
                                    "dev.ferry.benchmarks.ceiling.CeilingLoader",
                                    List.of(
                                            "--url",
                                            "jdbc:mysql://"
                                                    + down.address()
                                                    + "/"
                                                    + run().database(),
                                            "--user",
                                            down.username(),
                                            "--tables",
                                            Integer.toString(DataSets.TABLES),
                                            "--rows-per-table",
                                            Integer.toString(rowsPerTable()),
                                            "--connections",
                                            Integer.toString(connections),
                                            "--rows-per-statement",
                                            Integer.toString(rowsPerStatement)));
            double children = ChildrenCpu.now();
            RunProcess ceiling =
                    run().processes()
                            .start(
                                    "ceiling",
                                    command,
                                    Map.of("FERRY_DOWNSTREAM_PASSWORD", password(down)),
                                    run().work().resolve("ceiling.log"));
            int exit = ceiling.await();
            // It has exited, so /proc no longer shows it: its CPU is the reaped child's.
            double own = ChildrenCpu.now() - children;
            ToolLine line = ToolLine.last(ceiling.logText(), "seconds");
            if (exit == 0 && holdsAllRows() && line.number("seconds") != null) {
                copies.measured(
                        key,
                        start,
                        line.number("seconds"),
                        line.number("latency_ms_p99"),
                        withTool(copies.cpuSince(start), "ceiling", own));
            } else {
                copies.failed(key, "CeilingLoader failed: " + firstError(ceiling.logText()));
            }
        } catch (IOException | SQLException e) {
            copies.failed(key, "CeilingLoader failed: " + e.getMessage());
        } finally {
            run().processes().stop("ceiling");
        }
    }

    /**
     * The direct import probe end to end into empty tables: timed until the downstream holds every
     * row (or the probe has exited, if first: it exits only after its own checks), its CPU read
     * then; it then compares every table's count and CRC32 sum and fails on a difference.
     */
    void direct(int connections, int rowsPerStatement) throws InterruptedException {
        MeasurementKey key = keys.direct(copies.data(), connections, rowsPerStatement);
        if (copies.measurements().has(key)) {
            return;
        }
        DatabaseEndpoint up = run().services().upstream();
        DatabaseEndpoint down = run().services().downstream();
        try {
            copies.emptyDownstream();
            ImportCopies.Start start = copies.start();
            List<String> command =
                    run().benchmarksMain(
                                    List.of(),
                                    "dev.ferry.benchmarks.direct.DirectImportProbe",
                                    List.of(
                                            "--database",
                                            run().database(),
                                            "--upstream-host",
                                            up.hostname(),
                                            "--upstream-port",
                                            Integer.toString(up.port()),
                                            "--upstream-user",
                                            up.username(),
                                            "--downstream-host",
                                            down.hostname(),
                                            "--downstream-port",
                                            Integer.toString(down.port()),
                                            "--downstream-user",
                                            down.username(),
                                            "--server-id",
                                            Pipelines.serverIds(6600, dumpThreads),
                                            "--parallelism",
                                            Integer.toString(dumpThreads),
                                            "--sink",
                                            "upsert",
                                            "--rows-per-statement",
                                            Integer.toString(rowsPerStatement),
                                            "--connections",
                                            Integer.toString(connections)));
            Map<String, String> environment = new LinkedHashMap<>();
            environment.put("FERRY_UPSTREAM_PASSWORD", password(up));
            environment.put("FERRY_DOWNSTREAM_PASSWORD", password(down));
            RunProcess direct =
                    run().processes()
                            .start(
                                    "direct",
                                    command,
                                    environment,
                                    run().work().resolve("direct.log"));
            long deadline = System.nanoTime() + ImportCopies.TIMEOUT.toNanos();
            while (direct.alive() && !allRowsDownstream() && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            double seconds = ImportCopies.since(start);
            Map<String, Double> cpu = copies.cpuSince(start);
            boolean exited = direct.await(ImportCopies.TIMEOUT);
            if (exited && direct.exitValue() == 0 && direct.logText().contains("rows_per_second")) {
                copies.measured(key, start, seconds, null, cpu);
            } else {
                copies.failed(key, "DirectImportProbe failed: " + firstError(direct.logText()));
            }
        } catch (IOException | SQLException e) {
            copies.failed(key, "DirectImportProbe failed: " + e.getMessage());
        } finally {
            run().processes().stop("direct");
        }
    }

    /** Whether the downstream holds every row of the data set, per table. */
    private boolean holdsAllRows() throws SQLException {
        return run().downstream().text(copies.tables().rowsSql()).equals(copies.expectedRows());
    }

    /** {@link #holdsAllRows}, false while the downstream cannot tell (no table yet). */
    private boolean allRowsDownstream() {
        try {
            return holdsAllRows();
        } catch (SQLException e) {
            return false;
        }
    }

    private int rowsPerTable() {
        return (int) (Long.parseLong(copies.expectedRows()) / DataSets.TABLES);
    }

    /** How a tool's run ended: its exit code, wall seconds and own CPU seconds. */
    private record Ran(int exit, double seconds, double cpu) {}

    /**
     * Runs mydumper or myloader in the foreground against {@code endpoint}, its password in
     * MYSQL_PWD (never on its command line), its output in NAME.log; timed from {@code start}.
     */
    private Ran tool(
            String name,
            DatabaseEndpoint endpoint,
            List<String> arguments,
            ImportCopies.Start start)
            throws IOException, InterruptedException {
        double children = ChildrenCpu.now();
        List<String> command = new ArrayList<>();
        command.addAll(
                List.of(
                        name,
                        "-h",
                        endpoint.hostname(),
                        "-P",
                        Integer.toString(endpoint.port()),
                        "-u",
                        endpoint.username()));
        command.addAll(arguments);
        RunProcess tool =
                run().processes()
                        .start(
                                name,
                                command,
                                Map.of("MYSQL_PWD", password(endpoint)),
                                run().work().resolve(name + ".log"));
        if (!tool.await(ImportCopies.TIMEOUT)) {
            run().processes().stop(name);
            throw new IOException(
                    name + " did not finish in " + ImportCopies.TIMEOUT.toSeconds() + " s");
        }
        // It is gone, and reaped: its CPU is read from this JVM's children, not as a process.
        Ran ran =
                new Ran(tool.exitValue(), ImportCopies.since(start), ChildrenCpu.now() - children);
        run().processes().stop(name);
        return ran;
    }

    /** A tool's run as {@code key}'s measurement: its seconds, and the CPU with its own. */
    private void measured(MeasurementKey key, ImportCopies.Start start, String name, Ran ran)
            throws SQLException {
        copies.measured(
                key, start, ran.seconds(), null, withTool(copies.cpuSince(start), name, ran.cpu()));
    }

    /** {@code cpu} with the own seconds of NAME (in its place if read, else last). */
    private static Map<String, Double> withTool(Map<String, Double> cpu, String name, double own) {
        Map<String, Double> all = new LinkedHashMap<>(cpu);
        all.put(name, own);
        return all;
    }

    private String lastLine(String log) {
        try {
            Path file = run().work().resolve(log);
            if (!Files.exists(file)) {
                return "";
            }
            List<String> lines = Files.readAllLines(file);
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        } catch (IOException e) {
            return "";
        }
    }

    /** The first line naming an error or exception in a probe's log, else its last line. */
    static String firstError(String log) {
        String last = "";
        for (String line : log.split("\n")) {
            if (line.matches(".*(NOT equal|Exception|Error).*")) {
                return line.length() > 300 ? line.substring(0, 300) : line;
            }
            if (!line.isBlank()) {
                last = line;
            }
        }
        return last;
    }

    private static String password(DatabaseEndpoint endpoint) {
        return endpoint.password() == null ? "" : endpoint.password();
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
