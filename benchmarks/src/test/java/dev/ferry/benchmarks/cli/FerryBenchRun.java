package dev.ferry.benchmarks.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/**
 * ferry-bench's command line run in the test's JVM, as the command tests run it: what it printed to
 * its out and err is kept, over every run of one test.
 */
final class FerryBenchRun {
    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    /** Runs ferry-bench with {@code args}: its exit code (2 for a usage error). */
    int run(String... args) {
        CommandLine line = FerryBench.commandLine();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return line.execute(args);
    }

    /** What the runs printed on err so far. */
    String err() {
        return err.toString();
    }

    /** What the runs printed on out so far. */
    String out() {
        return out.toString();
    }
}
