package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.sysbench.Sysbench;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The drain's backlog: {@code sysbench oltp_write_only} over all the tables for a number of
 * seconds, its statements sent as text (prepared ones would need tables × threads × 4 of the
 * server's 16,382). The password reaches sysbench in a config file ({@link Sysbench#passwordFile}),
 * not on its command line.
 */
final class WriteOnlyBacklog {
    static final String WORKLOAD = "oltp_write_only";
    private static final Pattern TRANSACTIONS = Pattern.compile("(?m)^\\s*transactions:\\s+(\\d+)");
    private static final Pattern FAILURE = Pattern.compile("(?m)^.*(FATAL|error).*$");

    /**
     * What a run wrote.
     *
     * @param transactions sysbench's committed transactions (0 when it printed none)
     * @param failure "sysbench failed: ..." with its first error line, or null when it succeeded
     */
    record Outcome(long transactions, String failure) {
        /** Its row changes: four per transaction. */
        long rowChanges() {
            return SysbenchTables.rowChanges(WORKLOAD, transactions);
        }
    }

    private WriteOnlyBacklog() {}

    static Outcome write(BenchRun run, int tables, int rowsPerTable, int threads, int seconds)
            throws IOException, InterruptedException {
        Sysbench sysbench = new Sysbench(run.services().upstream(), run.database(), run.work());
        Sysbench.Exit exit =
                sysbench.exitOf(
                        WORKLOAD,
                        tables,
                        rowsPerTable,
                        threads,
                        List.of(
                                "--db-ps-mode=disable",
                                "--time=" + seconds,
                                "--report-interval=0",
                                "run"),
                        "run.log");
        return outcome(exit.code(), Files.readString(exit.log(), StandardCharsets.UTF_8));
    }

    /** The outcome of a sysbench run that exited with {@code exit} and printed {@code output}. */
    static Outcome outcome(int exit, String output) {
        Matcher committed = TRANSACTIONS.matcher(output);
        long transactions = committed.find() ? Long.parseLong(committed.group(1)) : 0;
        if (exit == 0 && transactions > 0) {
            return new Outcome(transactions, null);
        }
        String why =
                firstErrorLine(output)
                        .orElse(exit == 0 ? "no transaction committed" : "exit " + exit);
        return new Outcome(transactions, "sysbench failed: " + why);
    }

    private static Optional<String> firstErrorLine(String output) {
        Matcher line = FAILURE.matcher(output);
        if (!line.find()) {
            return Optional.empty();
        }
        String found = line.group().strip();
        return Optional.of(found.length() <= 200 ? found : found.substring(0, 200));
    }
}
