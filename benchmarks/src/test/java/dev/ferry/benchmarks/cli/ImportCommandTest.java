package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ImportCommandTest {
    private final FerryBenchRun bench = new FerryBenchRun();

    @Test
    void helpNamesEveryFlagOfTheScript() {
        assertThat(bench.run("import", "--help")).isZero();
        assertThat(bench.out())
                .contains("--quick", "--smoke", "--no-sweeps", "--rows-per-table")
                .contains("--sweep-rows-per-table", "--parallelism", "--rows-per-statement")
                .contains("--workers", "--batch-size", "--dump-threads", "--downstream")
                .contains("--pipelines", "--direct-connections", "--tables", "--results")
                .contains("--services", "--upstream-password-file")
                .contains("Default: \"ferry stock mydumper ceiling\"");
    }

    @Test
    void badSettingsAreUsageErrorsBeforeAnyServiceStarts() {
        assertThat(bench.run("import", "--smoke", "--workers", "65")).isEqualTo(2);
        assertThat(bench.err()).contains("--workers must be a whole number from 1 to 64, got '65'");
        assertThat(bench.run("import", "--smoke", "--pipelines", "ferry canal")).isEqualTo(2);
        assertThat(bench.err()).contains("got 'canal'");
        assertThat(bench.run("import", "--smoke", "--seconds", "5")).isEqualTo(2);
        assertThat(bench.err()).contains("unknown option(s) --seconds 5");
    }
}
