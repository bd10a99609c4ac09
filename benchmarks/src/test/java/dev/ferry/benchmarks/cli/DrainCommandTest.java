package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.drain.TablesAxis;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class DrainCommandTest {
    private final FerryBenchRun bench = new FerryBenchRun();

    @Test
    void theHelpNamesEveryFlagOfTheScriptAndTheServices() {
        assertThat(bench.run("drain", "--help")).isZero();
        for (String flag :
                new String[] {
                    "--quick", "--smoke", "--workers", "--batch-size", "--seconds",
                    "--rows-per-table", "--threads", "--profile", "--pipelines", "--workloads",
                    "--tables", "--results", "--services", "--upstream-password-file"
                }) {
            assertThat(bench.out()).as(flag).contains(flag);
        }
        assertThat(bench.out())
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
        assertThat(bench.run("drain", "--pipelines", "transaction ferry")).isEqualTo(2);
        assertThat(bench.err())
                .contains("--pipelines takes transaction, row and stock, got 'ferry'");
        assertThat(bench.run("drain", "--workers", "4 100")).isEqualTo(2);
        assertThat(bench.err()).contains("--workers must be whole numbers from 1 to 64");
        assertThat(bench.run("drain", "--idle-seconds", "5")).isEqualTo(2);
        assertThat(bench.err()).contains("unknown arguments: --idle-seconds 5");
        assertThat(bench.run("drain", "--quick", "--smoke")).isEqualTo(2);
    }
}
