package dev.ferry.benchmarks.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class FerryBenchTest {
    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private int run(String... args) {
        CommandLine line = FerryBench.commandLine();
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return line.execute(args);
    }

    @Test
    void aTableNotPortedYetFailsAndNamesItsScriptWithTheFlags() {
        assertThat(run("drain", "--quick", "--workers", "4 16"))
                .isEqualTo(NotPortedCommand.EXIT_NOT_PORTED);
        assertThat(err.toString())
                .contains("ferry-bench drain is not ported yet; nothing was measured")
                .contains("benchmarks/drain.sh --quick --workers 4 16");
        for (String table : new String[] {"import", "funnel", "load", "all"}) {
            assertThat(run(table, "--smoke")).as(table).isEqualTo(NotPortedCommand.EXIT_NOT_PORTED);
            assertThat(err.toString()).contains("benchmarks/" + table + ".sh --smoke");
        }
    }

    @Test
    void incrementalRefusesAFlagOutOfBoundsBeforeStartingAnything() {
        assertThat(run("incremental", "--quick", "--workers", "4 99", "--services", "endpoints"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("--workers must be whole numbers from 1 to 64, got '99'");
        assertThat(run("incremental", "--workloads", "oltp_read_only")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--workloads: oltp_insert and/or oltp_write_only, not oltp_read_only");
    }

    @Test
    void incrementalHelpNamesEveryFlagOfTheScript() {
        assertThat(run("incremental", "--help")).isZero();
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
            assertThat(out.toString()).as(flag).contains(flag);
        }
    }

    @Test
    void quickAndSmokeTogetherIsAUsageError() {
        assertThat(run("import", "--quick", "--smoke")).isEqualTo(2);
        assertThat(err.toString()).contains("--quick and --smoke exclude each other");
    }

    @Test
    void everyTableIsASubcommand() {
        assertThat(FerryBench.commandLine().getSubcommands().keySet())
                .containsExactlyInAnyOrder(
                        "import", "drain", "incremental", "funnel", "load", "saga", "all");
        assertThat(run("saga", "--help")).isZero();
        assertThat(out.toString())
                .contains("--services")
                .contains("--upstream-password-file")
                .doesNotContain("--upstream-password ");
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
                .isEqualTo("coordinator=42,Kafka=9,bank1=7,bank2=8");
        assertThat(SagaCommand.cpuProcesses(42, Map.of())).isEqualTo("coordinator=42");
    }

    @Test
    void anUnknownServicesOriginIsAClearError() {
        ServiceOptions options = new ServiceOptions();
        options.services = "docker";
        options.downstreamKind = "mariadb";
        assertThatThrownBy(() -> options.open(Map.of()))
                .hasMessageContaining("--services is containers or endpoints, got 'docker'");
    }
}
