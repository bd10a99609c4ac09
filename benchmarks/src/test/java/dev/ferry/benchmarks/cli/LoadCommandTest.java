package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.benchmarks.load.CheckpointInterval;
import dev.ferry.benchmarks.load.LoadSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class LoadCommandTest {
    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private int run(String... args) {
        CommandLine line = FerryBench.commandLine();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return line.execute(args);
    }

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
            assertThat(run("load", "--help")).isZero();
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
            assertThat(out.toString()).as(flag).contains(flag);
        }
        assertThat(out.toString())
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
        assertThat(run("load", "--levels", "0 50")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--levels must be whole numbers from 1 to 400, got '0'");
        assertThat(run("load", "--seconds", "5")).isEqualTo(2);
        assertThat(err.toString()).contains("--seconds must be a whole number from 8 to 3600");
        assertThat(run("load", "--workloads", "oltp_read_only")).isEqualTo(2);
        assertThat(err.toString())
                .contains("'oltp_read_only' is not oltp_write_only or oltp_insert");
        assertThat(run("load", "--checkpoint-intervals", "2 s")).isEqualTo(2);
        assertThat(err.toString()).contains("'2' is not a duration like 250ms or 2s");
        assertThat(run("load", "--services", "cloud", "--smoke")).isNotZero();
        assertThat(err.toString()).contains("--services is containers or endpoints, got 'cloud'");
    }
}
