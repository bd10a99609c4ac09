package dev.ferry.benchmarks.sysbench;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * sysbench run as a process on the host against a MySQL-protocol endpoint (a container's published
 * port or a server given by flags). Its output goes to a log file in the run's work folder.
 */
public final class Sysbench {
    private final DatabaseEndpoint endpoint;
    private final String database;
    private final Path work;

    private static final String RUN_LOG = "sysbench.log";

    /**
     * sysbench against {@code database} (which must exist) of {@code endpoint}; logs in {@code
     * work}.
     */
    public Sysbench(DatabaseEndpoint endpoint, String database, Path work) {
        this.endpoint = endpoint;
        this.database = database;
        this.work = work;
    }

    /** The log of the last {@link #run}, in the work folder: sysbench's whole output. */
    public Path runLog() {
        return work.resolve(RUN_LOG);
    }

    /** {@code sysbench WORKLOAD … prepare}: creates and fills the tables. */
    public void prepare(String workload, int tables, int rowsPerTable, int threads)
            throws IOException, InterruptedException {
        exitOf(workload, tables, rowsPerTable, threads, List.of("prepare"), "sysbench-prepare.log")
                .successfulLog();
    }

    /** {@code sysbench WORKLOAD … run} for {@code seconds}; its summary. */
    public SysbenchSummary run(
            String workload, int tables, int rowsPerTable, int threads, int seconds)
            throws IOException, InterruptedException {
        return run(workload, tables, rowsPerTable, threads, seconds, List.of());
    }

    /**
     * {@code sysbench WORKLOAD … run} for {@code seconds} with {@code options} added before "run"
     * (e.g. {@code --rate=250}), its output to {@code logName} in the work folder; the log's path
     * (its summary: {@link SysbenchSummary#parse}).
     */
    public Path runLogged(
            String workload,
            int tables,
            int rowsPerTable,
            int threads,
            int seconds,
            List<String> options,
            String logName)
            throws IOException, InterruptedException {
        List<String> tail = new ArrayList<>(List.of("--time=" + seconds, "--report-interval=0"));
        tail.addAll(options);
        tail.add("run");
        return exitOf(workload, tables, rowsPerTable, threads, tail, logName).successfulLog();
    }

    /**
     * {@code sysbench WORKLOAD … run} with more sysbench {@code options} before "run" (e.g.
     * --db-ps-mode=disable, as prepared statements over many tables exceed the server's limit).
     */
    public SysbenchSummary run(
            String workload,
            int tables,
            int rowsPerTable,
            int threads,
            int seconds,
            List<String> options)
            throws IOException, InterruptedException {
        List<String> tail = new ArrayList<>(options);
        tail.addAll(List.of("--time=" + seconds, "--report-interval=0", "--percentile=95", "run"));
        Path log = exitOf(workload, tables, rowsPerTable, threads, tail, RUN_LOG).successfulLog();
        return SysbenchSummary.parse(Files.readString(log, StandardCharsets.UTF_8));
    }

    /**
     * {@code sysbench WORKLOAD … run} until {@code events} transactions are done (no time limit);
     * its summary.
     */
    public SysbenchSummary runEvents(
            String workload, int tables, int rowsPerTable, int threads, long events)
            throws IOException, InterruptedException {
        Path log =
                exitOf(
                                workload,
                                tables,
                                rowsPerTable,
                                threads,
                                List.of(
                                        "--events=" + events,
                                        "--time=0",
                                        "--report-interval=0",
                                        "run"),
                                RUN_LOG)
                        .successfulLog();
        return SysbenchSummary.parse(Files.readString(log, StandardCharsets.UTF_8));
    }

    /**
     * How a sysbench process ended.
     *
     * @param code its exit code
     * @param log its output
     * @param what "sysbench WORKLOAD COMMAND against ENDPOINT", for a failure's message
     */
    public record Exit(int code, Path log, String what) {
        /** The log, or an IOException naming the run and its log when sysbench did not exit 0. */
        public Path successfulLog() throws IOException {
            if (code != 0) {
                throw new IOException(what + " exited with " + code + "; see " + log);
            }
            return log;
        }
    }

    /**
     * {@code sysbench WORKLOAD} with the connection, table and thread options, then {@code tail}
     * (the command last), its output to {@code logName} in the work folder; how it ended, which the
     * caller checks ({@link Exit#successfulLog}) or reads whatever it is.
     */
    public Exit exitOf(
            String workload,
            int tables,
            int rowsPerTable,
            int threads,
            List<String> tail,
            String logName)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.addAll(
                List.of(
                        "sysbench",
                        workload,
                        "--db-driver=mysql",
                        "--mysql-host=" + endpoint.hostname(),
                        "--mysql-port=" + endpoint.port(),
                        "--mysql-user=" + endpoint.username(),
                        // The password goes in a file only this user reads, not on the command
                        // line, which ps shows to everyone on the machine.
                        "--config-file=" + passwordFile(work, endpoint),
                        "--mysql-db=" + database,
                        "--tables=" + tables,
                        "--table-size=" + rowsPerTable,
                        "--threads=" + threads));
        command.addAll(tail);
        Path log = work.resolve(logName);
        Process process;
        try {
            process =
                    new ProcessBuilder(command)
                            .redirectErrorStream(true)
                            .redirectOutput(log.toFile())
                            .start();
        } catch (IOException e) {
            throw new IOException(
                    "cannot start sysbench ("
                            + e.getMessage()
                            + "): install it (apt-get install sysbench)",
                    e);
        }
        return new Exit(
                process.waitFor(),
                log,
                "sysbench " + workload + " " + tail.get(tail.size() - 1) + " against " + endpoint);
    }

    /**
     * {@code endpoint}'s password in a sysbench config file in {@code work}, readable by this user
     * only, for sysbench's --config-file: on its command line, any user of the host would see it in
     * the process list.
     */
    public static Path passwordFile(Path work, DatabaseEndpoint endpoint) throws IOException {
        Path file = work.resolve("sysbench-password.cfg");
        Files.deleteIfExists(file);
        Files.createFile(
                file,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        String password = endpoint.password() == null ? "" : endpoint.password();
        Files.writeString(file, "mysql-password=" + password + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
