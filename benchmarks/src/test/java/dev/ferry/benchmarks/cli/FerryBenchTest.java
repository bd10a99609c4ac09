package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class FerryBenchTest {
    private final FerryBenchRun bench = new FerryBenchRun();

    @Test
    void allWithNoTablesRewritesTheSummaryFromTheLatestReports(@TempDir Path results)
            throws IOException {
        Files.createDirectories(results.resolve("funnel"));
        Files.writeString(
                results.resolve("funnel/2026-11-26T103318Z.md"),
                "## Ratios\n\n| capture | 0.5× |\n");

        assertThat(bench.run("all", "--tables", "", "--results", results.toString())).isZero();

        assertThat(Files.readString(results.resolve("SUMMARY.md")))
                .contains("Written by `ferry-bench all --tables \"\"`")
                .contains("| Table 3: funnel (`ferry-bench funnel`) | not run |")
                .contains("| capture | 0.5× |");
    }

    @Test
    void allNamesAnUnknownTableBeforeRunningAny(@TempDir Path results) {
        assertThat(bench.run("all", "--tables", "import nosuch", "--results", results.toString()))
                .isNotZero();
        assertThat(bench.err()).contains("unknown table 'nosuch'");
        assertThat(results.resolve("SUMMARY.md")).doesNotExist();
    }

    @Test
    void funnelIsPortedWithEveryFlagOfFunnelSh() {
        assertThat(bench.run("funnel", "--help")).isZero();
        assertThat(bench.out().replaceAll("\\s+", " "))
                .contains("--bulk-rows")
                .contains("--single-rows")
                .contains("--workers")
                .contains("--threads")
                .contains("--quick")
                .contains("--smoke")
                .contains("--services")
                .contains("--results")
                .contains("--quick 30000; --smoke 4000");
    }

    @Test
    void funnelsHelpTextIsValidForPicocliFormatting() {
        // picocli formats descriptions with String.format: a lone '%' breaks the help.
        CommandLine funnel = FerryBench.commandLine().getSubcommands().get("funnel");
        for (String line : funnel.getCommandSpec().usageMessage().description()) {
            assertThatCode(() -> String.format(line)).as(line).doesNotThrowAnyException();
        }
        for (CommandLine.Model.OptionSpec option : funnel.getCommandSpec().options()) {
            for (String line : option.description()) {
                assertThatCode(() -> String.format(line)).as(line).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void funnelChecksItsSizesBeforeStartingAnything() {
        assertThat(bench.run("funnel", "--bulk-rows", "3000", "--services", "endpoints"))
                .isEqualTo(2);
        assertThat(bench.err()).contains("--bulk-rows must be a multiple of 2000");
        assertThat(bench.run("funnel", "--quick", "--workers", "0")).isEqualTo(2);
        assertThat(bench.err()).contains("--workers must be a whole number from 1 to 64");
        assertThat(FunnelCommand.sizeOf(SizeOptions.Size.SMOKE))
                .isEqualTo(dev.ferry.benchmarks.funnel.FunnelSettings.Size.SMOKE);
    }

    @Test
    void quickAndSmokeTogetherIsAUsageError() {
        assertThat(bench.run("import", "--quick", "--smoke")).isEqualTo(2);
        assertThat(bench.err()).contains("--quick and --smoke exclude each other");
    }

    @Test
    void everyTableIsASubcommand() {
        assertThat(FerryBench.commandLine().getSubcommands().keySet())
                .containsExactlyInAnyOrder(
                        "import",
                        "drain",
                        "incremental",
                        "funnel",
                        "load",
                        "saga",
                        "tables",
                        "all",
                        "replay",
                        "capture-replay");
        assertThat(bench.run("saga", "--help")).isZero();
        assertThat(bench.out())
                .contains("--services")
                .contains("--upstream-password-file")
                .doesNotContain("--upstream-password ");
    }

    @Test
    void tablesHelpListsEveryFlagOfTablesSh() {
        assertThat(bench.run("tables", "--help")).isZero();
        for (String flag :
                new String[] {
                    "--quick",
                    "--smoke",
                    "--tables",
                    "--rows",
                    "--seconds",
                    "--idle-seconds",
                    "--threads",
                    "--topic-layout",
                    "--pipelines",
                    "--stock-parallelism",
                    "--jfr",
                    "--services",
                    "--results"
                }) {
            assertThat(bench.out()).as(flag).contains(flag);
        }
    }

    @Test
    void tablesRefusesABadValueBeforeStartingAnything() {
        assertThat(bench.run("tables", "--tables", "4 0", "--services", "endpoints")).isEqualTo(2);
        assertThat(bench.err()).contains("--tables must be whole numbers from 1 to 5000, got '0'");
        assertThat(bench.run("tables", "--quick", "--pipelines", "ferry canal")).isEqualTo(2);
        assertThat(bench.err()).contains("got 'canal'");
    }

    @Test
    void sagaSizesFollowQuickAndSmokeUnlessGiven() {
        assertThat(SagaSize.of(SizeOptions.Size.FULL, null, null))
                .isEqualTo(new SagaSize(20_000, 30, 100_000));
        assertThat(SagaSize.of(SizeOptions.Size.QUICK, null, null))
                .isEqualTo(new SagaSize(5_000, 15, 10_000));
        assertThat(SagaSize.of(SizeOptions.Size.SMOKE, 800, null))
                .isEqualTo(new SagaSize(800, 5, 1_000));
        assertThatThrownBy(() -> SagaSize.of(SizeOptions.Size.QUICK, 1, null))
                .hasMessageContaining("--sagas must be at least 2");
    }

    @Test
    void theCpuRowsNameTheServicesAsSagaShDid() {
        assertThat(
                        SagaCommand.cpuProcesses(
                                42, Map.of("upstream", 7L, "kafka", 9L, "downstream", 8L)))
                .containsExactly(
                        Map.entry("coordinator", 42L),
                        Map.entry("Kafka", 9L),
                        Map.entry("bank1", 7L),
                        Map.entry("bank2", 8L));
        assertThat(SagaCommand.cpuProcesses(42, Map.of()))
                .containsExactly(Map.entry("coordinator", 42L));
    }

    @Test
    void anUnknownServicesOriginIsAClearError() {
        ServiceOptions options = new ServiceOptions();
        options.services = "docker";
        options.downstreamKind = "mariadb";
        assertThatThrownBy(() -> options.open(Map.of()))
                .hasMessageContaining("--services is containers or endpoints, got 'docker'");
    }

    @Test
    void theReplaysTakeTheScriptsFlagsAndTheServiceFlags() {
        assertThat(bench.run("replay", "--help")).isZero();
        assertThat(bench.out())
                .contains("--workload", "--seconds", "--rows-per-table", "--threads", "--workers")
                .contains("--batch-size", "--rounds", "--consistency", "--window", "--jfr")
                .contains("--tables", "JAR", "--services", "Default: 30-90");
        assertThat(bench.run("capture-replay", "--help")).isZero();
        assertThat(bench.out()).contains("JAR[+OPTION=VALUE...]", "--results");
    }

    @Test
    void aReplaysBadFlagFailsBeforeAnyServiceStarts(@TempDir Path folder) throws IOException {
        Path jar = Files.createFile(folder.resolve("ferry.jar"));
        assertThat(bench.run("replay", "--window", "90-30", jar.toString())).isEqualTo(1);
        assertThat(bench.err()).contains("ferry-bench replay: --window is FROM-TO");
        assertThat(bench.run("capture-replay", jar + "+compression")).isEqualTo(1);
        assertThat(bench.err()).contains("is not OPTION=VALUE");
        assertThat(bench.run("capture-replay", folder + "/gone.jar")).isEqualTo(1);
        assertThat(bench.err()).contains("no such jar: " + folder.resolve("gone.jar"));
    }

    @Test
    void incrementalRefusesAFlagOutOfBoundsBeforeStartingAnything() {
        assertThat(
                        bench.run(
                                "incremental",
                                "--quick",
                                "--workers",
                                "4 99",
                                "--services",
                                "endpoints"))
                .isEqualTo(2);
        assertThat(bench.err()).contains("--workers must be whole numbers from 1 to 64, got '99'");
        assertThat(bench.run("incremental", "--workloads", "oltp_read_only")).isEqualTo(2);
        assertThat(bench.err())
                .contains("--workloads: oltp_insert and/or oltp_write_only, not oltp_read_only");
    }

    @Test
    void incrementalHelpNamesEveryFlagOfTheScript() {
        assertThat(bench.run("incremental", "--help")).isZero();
        for (String flag :
                new String[] {
                    "--quick",
                    "--smoke",
                    "--workers",
                    "--batch-sizes",
                    "--workloads",
                    "--drain-workers",
                    "--live-seconds",
                    "--drain-seconds",
                    "--rows-per-table",
                    "--threads",
                    "--results",
                    "--services"
                }) {
            assertThat(bench.out()).as(flag).contains(flag);
        }
    }
}
