package dev.ferry.benchmarks.sysbench;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
        run(workload, tables, rowsPerTable, threads, List.of("prepare"), "sysbench-prepare.log");
    }

    /** {@code sysbench WORKLOAD … run} for {@code seconds}; its summary. */
    public SysbenchSummary run(
            String workload, int tables, int rowsPerTable, int threads, int seconds)
            throws IOException, InterruptedException {
        Path log =
                run(
                        workload,
                        tables,
                        rowsPerTable,
                        threads,
                        List.of(
                                "--time=" + seconds,
                                "--report-interval=0",
                                "--percentile=95",
                                "run"),
                        RUN_LOG);
        return SysbenchSummary.parse(Files.readString(log, StandardCharsets.UTF_8));
    }

    private Path run(
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
                        "--mysql-password=" + endpoint.password(),
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
        int exit = process.waitFor();
        if (exit != 0) {
            // The command line holds the password: name the workload and the log, not the command.
            throw new IOException(
                    "sysbench "
                            + workload
                            + " "
                            + tail.get(tail.size() - 1)
                            + " against "
                            + endpoint
                            + " exited with "
                            + exit
                            + "; see "
                            + log);
        }
        return log;
    }
}
