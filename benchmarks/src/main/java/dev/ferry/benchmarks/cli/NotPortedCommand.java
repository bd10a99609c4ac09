package dev.ferry.benchmarks.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * A table whose benchmark is still a shell script: the subcommand runs nothing, names the script to
 * run instead (with the flags given) and fails, so that no caller takes its silence for a report.
 */
abstract class NotPortedCommand implements Callable<Integer> {
    /** The exit code of a table not ported yet (picocli's usage errors are 2). */
    static final int EXIT_NOT_PORTED = 3;

    @Mixin SizeOptions size;

    @Unmatched List<String> scriptFlags = new ArrayList<>();

    @Spec CommandSpec spec;

    /** The script that still runs this table, relative to the repository. */
    abstract String script();

    @Override
    public Integer call() {
        List<String> command = new ArrayList<>(List.of(script()));
        command.addAll(size.scriptFlags());
        command.addAll(scriptFlags);
        PrintWriter err = spec.commandLine().getErr();
        err.println(
                "ferry-bench "
                        + spec.name()
                        + " is not ported yet; nothing was measured. Run "
                        + String.join(" ", command)
                        + " instead (see benchmarks/README.md).");
        err.flush();
        return EXIT_NOT_PORTED;
    }
}
