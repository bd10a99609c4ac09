package dev.ferry.benchmarks.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code ferry-bench}: the benchmark suite's one entry point. Each subcommand reproduces one
 * published table against the services it starts as containers or the endpoints given by flags, and
 * writes its Markdown report to benchmarks/results/&lt;table&gt;/; replay and capture-replay
 * compare builds of the apply and the capture side by side.
 */
@Command(
        name = "ferry-bench",
        mixinStandardHelpOptions = true,
        description = "Runs ferry's benchmark tables and writes their reports.",
        subcommands = {
            ImportCommand.class,
            DrainCommand.class,
            IncrementalCommand.class,
            FunnelCommand.class,
            LoadCommand.class,
            SagaCommand.class,
            TablesCommand.class,
            AllCommand.class,
            ReplayCommand.class,
            CaptureReplayCommand.class
        })
public final class FerryBench {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line, also for tests. A failed run prints its error's message (which names the
     * problem and what to do, and never a password) rather than a stack trace.
     */
    static CommandLine commandLine() {
        CommandLine line = new CommandLine(new FerryBench());
        line.setExecutionExceptionHandler(
                (error, failed, parsed) -> {
                    failed.getErr()
                            .println(
                                    "ferry-bench "
                                            + failed.getCommandName()
                                            + ": "
                                            + error.getMessage());
                    if (System.getenv("FERRY_BENCH_STACK_TRACES") != null) {
                        error.printStackTrace(failed.getErr());
                    }
                    return 1;
                });
        return line;
    }
}
