package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.drain.TablesAxis;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DrainCommandTest {
    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private int run(String... args) {
        CommandLine line = FerryBench.commandLine();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return line.execute(args);
    }

    @Test
    void theHelpNamesEveryFlagOfTheScriptAndTheServices() {
        assertThat(run("drain", "--help")).isZero();
        for (String flag :
                new String[] {
                    "--quick", "--smoke", "--workers", "--batch-size", "--seconds",
                    "--rows-per-table", "--threads", "--profile", "--pipelines", "--workloads",
                    "--tables", "--results", "--services", "--upstream-password-file"
                }) {
            assertThat(out.toString()).as(flag).contains(flag);
        }
        assertThat(out.toString())
                .contains("Default: 2000")
                .contains("Default: \"transaction row stock\"")
                .doesNotContain("not ported");
    }

    @Test
    void withTablesEveryArgumentAfterDrainGoesToTablesShAsGiven() {
        CommandLine line = FerryBench.commandLine();
        line.parseArgs("drain", "--quick", "--tables", "4 400", "--idle-seconds", "5");
        CommandLine drain = line.getSubcommands().get("drain");
        assertThat(
                        TablesAxis.argumentsAfter(
                                drain.getParseResult().originalArgs(), drain.getCommandName()))
                .containsExactly("--quick", "--tables", "4 400", "--idle-seconds", "5");
    }

    @Test
    void badFlagsAreUsageErrorsNamingTheProblem() {
        assertThat(run("drain", "--pipelines", "transaction ferry")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--pipelines takes transaction, row and stock, got 'ferry'");
        assertThat(run("drain", "--workers", "4 100")).isEqualTo(2);
        assertThat(err.toString()).contains("--workers must be whole numbers from 1 to 64");
        assertThat(run("drain", "--idle-seconds", "5")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown arguments: --idle-seconds 5");
        assertThat(run("drain", "--quick", "--smoke")).isEqualTo(2);
    }
}
