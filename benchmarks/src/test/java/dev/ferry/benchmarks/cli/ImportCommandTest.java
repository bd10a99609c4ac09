package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ImportCommandTest {
    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private int run(String... args) {
        CommandLine line = FerryBench.commandLine();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return line.execute(args);
    }

    @Test
    void helpNamesEveryFlagOfTheScript() {
        assertThat(run("import", "--help")).isZero();
        assertThat(out.toString())
                .contains("--quick", "--smoke", "--no-sweeps", "--rows-per-table")
                .contains("--sweep-rows-per-table", "--parallelism", "--rows-per-statement")
                .contains("--workers", "--batch-size", "--dump-threads", "--downstream")
                .contains("--pipelines", "--direct-connections", "--tables", "--results")
                .contains("--services", "--upstream-password-file")
                .contains("Default: \"ferry stock mydumper ceiling\"");
    }

    @Test
    void badSettingsAreUsageErrorsBeforeAnyServiceStarts() {
        assertThat(run("import", "--smoke", "--workers", "65")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--workers must be a whole number from 1 to 64, got '65'");
        assertThat(run("import", "--smoke", "--pipelines", "ferry canal")).isEqualTo(2);
        assertThat(err.toString()).contains("got 'canal'");
        assertThat(run("import", "--smoke", "--seconds", "5")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown option(s) --seconds 5");
    }
}
