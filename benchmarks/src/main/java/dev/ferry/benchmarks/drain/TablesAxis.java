package dev.ferry.benchmarks.drain;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The table-count axis (issue 30), which {@code drain --tables "4 400 1000"} hands on as drain.sh
 * did: benchmarks/tables.sh measures it, the apply's drain from Kafka among its figures, and takes
 * the arguments as they were given (its own options too).
 */
public final class TablesAxis {
    /** The script that measures the axis, relative to the repository. */
    public static final String SCRIPT = "benchmarks/tables.sh";

    private TablesAxis() {}

    /** The arguments given after {@code subcommand} on the command line {@code original}. */
    public static List<String> argumentsAfter(List<String> original, String subcommand) {
        int at = original.indexOf(subcommand);
        return new ArrayList<>(original.subList(at + 1, original.size()));
    }

    /** Runs the script with {@code arguments}, its output to this process's; its exit code. */
    public static int run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(SCRIPT));
        command.addAll(arguments);
        try {
            return new ProcessBuilder(command).inheritIO().start().waitFor();
        } catch (IOException e) {
            throw new IOException(
                    "cannot run "
                            + SCRIPT
                            + " for --tables ("
                            + e.getMessage()
                            + "): run ferry-bench from the repository (benchmarks/ferry-bench)",
                    e);
        }
    }
}
