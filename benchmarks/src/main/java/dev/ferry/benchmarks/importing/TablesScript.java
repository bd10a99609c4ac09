package dev.ferry.benchmarks.importing;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The import's table-count axis ({@code --tables "4 400 1000"}, issue 30), which
 * benchmarks/tables.sh measures (the import's snapshot rows/s and start-up among its figures): run
 * with every argument as given, in the foreground; its exit code is the command's.
 */
public final class TablesScript {
    private TablesScript() {}

    public static int run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("benchmarks/tables.sh"));
        command.addAll(arguments);
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }
}
