package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.load.CheckpointInterval;
import dev.ferry.benchmarks.load.LoadSettings;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class LoadCommandTest {
    private final FerryBenchRun bench = new FerryBenchRun();

    private static LoadSettings parsed(String... args) {
        CommandLine line = new CommandLine(new LoadCommand());
        line.parseArgs(args);
        return ((LoadCommand) line.getCommand()).settings();
    }

    @Test
    void helpListsEveryFlagOfTheScript() {
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stderr = System.err;
        System.setErr(new java.io.PrintStream(warnings, true));
        try {
            assertThat(bench.run("load", "--help")).isZero();
        } finally {
            System.setErr(stderr);
        }
        assertThat(warnings.toString()).as("picocli's warnings on System.err").isEmpty();
        for (String flag :
                List.of(
                        "--quick",
                        "--smoke",
                        "--levels",
                        "--seconds",
                        "--workloads",
                        "--checkpoint-intervals",
                        "--rounds",
                        "--idle-seconds",
                        "--sizes",
                        "--small-mb",
                        "--threads",
                        "--no-levels",
                        "--no-large",
                        "--results",
                        "--services")) {
            assertThat(bench.out()).as(flag).contains(flag);
        }
        assertThat(bench.out())
                .doesNotContain("Not ported")
                .contains("Load levels, % of the pipeline's maximum");
    }

    @Test
    void sizesFollowQuickAndSmokeAsTheScriptsDid() {
        LoadSettings full = parsed();
        assertThat(full.levels()).containsExactly(25, 50, 75, 100);
        assertThat(full.sizes()).containsExactly(32, 256, 1024);
        assertThat(full.smallMb()).isEqualTo(64);
        assertThat(full.seconds()).isEqualTo(20);
        assertThat(full.threads()).isEqualTo(4);
        assertThat(full.intervals()).containsExactly(CheckpointInterval.DEFAULT);
        LoadSettings quick = parsed("--quick");
        assertThat(quick.levels()).containsExactly(25, 50, 100);
        assertThat(quick.sizes()).containsExactly(16, 64, 128);
        assertThat(quick.smallMb()).isEqualTo(32);
        LoadSettings smoke = parsed("--smoke");
        assertThat(smoke.seconds()).isEqualTo(8);
        assertThat(smoke.sizes()).containsExactly(4, 16);
    }

    @Test
    void flagsGivenOverrideTheSize() {
        LoadSettings settings =
                parsed(
                        "--quick",
                        "--levels",
                        "50",
                        "--workloads",
                        "oltp_write_only oltp_insert",
                        "--checkpoint-intervals",
                        "2s 250ms",
                        "--rounds",
                        "3",
                        "--no-large");
        assertThat(settings.levels()).containsExactly(50);
        assertThat(settings.workloads()).containsExactly("oltp_write_only", "oltp_insert");
        assertThat(settings.intervals())
                .containsExactly(new CheckpointInterval("2s"), new CheckpointInterval("250ms"));
        assertThat(settings.compareIntervals()).isTrue();
        assertThat(settings.largeOn()).isFalse();
        assertThat(settings.levelsOn()).isTrue();
    }

    @Test
    void theReportQuotesTheCommandOnce() {
        CommandLine line = FerryBench.commandLine();
        line.parseArgs("load", "--quick", "--levels", "25 50", "--no-large");
        assertThat(
                        LoadCommand.commandLine(
                                line.getSubcommands().get("load").getParseResult().originalArgs()))
                .isEqualTo("benchmarks/ferry-bench load --quick --levels \"25 50\" --no-large");
    }

    @Test
    void aBadValueIsAUsageErrorNamingIt() {
        assertThat(bench.run("load", "--levels", "0 50")).isEqualTo(2);
        assertThat(bench.err()).contains("--levels must be whole numbers from 1 to 400, got '0'");
        assertThat(bench.run("load", "--seconds", "5")).isEqualTo(2);
        assertThat(bench.err()).contains("--seconds must be a whole number from 8 to 3600");
        assertThat(bench.run("load", "--workloads", "oltp_read_only")).isEqualTo(2);
        assertThat(bench.err()).contains("'oltp_read_only' is not oltp_write_only or oltp_insert");
        assertThat(bench.run("load", "--checkpoint-intervals", "2 s")).isEqualTo(2);
        assertThat(bench.err()).contains("'2' is not a duration like 250ms or 2s");
        assertThat(bench.run("load", "--services", "cloud", "--smoke")).isNotZero();
        assertThat(bench.err()).contains("--services is containers or endpoints, got 'cloud'");
    }
}
