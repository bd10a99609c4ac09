package dev.ferry.benchmarks.importing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ImportSettingsTest {
    static ImportSettings.Given given(String size) {
        return new ImportSettings.Given(
                size,
                false,
                null,
                null,
                null,
                null,
                16,
                2000,
                4,
                ImportSettings.DEFAULT_PIPELINES,
                null,
                false);
    }

    @Test
    void sizesFollowTheScript() {
        ImportSettings full = ImportSettings.of(given("full"));
        assertThat(full.rows()).isEqualTo(200_000);
        assertThat(full.sweepRows()).isEqualTo(50_000);
        assertThat(full.parallelism()).containsExactly(2, 4, 8, 16, 32, 64);
        assertThat(full.statementRows()).containsExactly(300, 600, 1250, 2500, 5000, 7500);
        assertThat(full.sweepsOnOwnData()).isTrue();

        ImportSettings quick = ImportSettings.of(given("quick"));
        assertThat(quick.rows()).isEqualTo(25_000);
        assertThat(quick.sweepRows()).isEqualTo(25_000);
        assertThat(quick.parallelism()).containsExactly(4, 16);
        assertThat(quick.statementRows()).containsExactly(500, 5000);
        assertThat(quick.sweepsOnOwnData()).isFalse();

        ImportSettings smoke = ImportSettings.of(given("smoke"));
        assertThat(smoke.rows()).isEqualTo(5000);
        assertThat(smoke.sweeps()).isFalse();
        assertThat(smoke.pipelines())
                .containsExactlyInAnyOrder("ferry", "stock", "mydumper", "ceiling");
        assertThat(smoke.runs("direct")).isFalse();
        assertThat(smoke.directConnections()).isEqualTo(16);
    }

    @Test
    void noSweepsDropsTheSweepsAndTheirDataSet() {
        ImportSettings.Given g = given("full");
        ImportSettings settings =
                ImportSettings.of(
                        new ImportSettings.Given(
                                "full", true, 1000, null, "4", null, 16, 2000, 4, "ferry", null,
                                false));
        assertThat(settings.sweeps()).isFalse();
        assertThat(settings.sweepRows()).isEqualTo(1000);
        assertThat(settings.sweepsOnOwnData()).isFalse();
        assertThat(settings.command()).isEqualTo("benchmarks/ferry-bench import --no-sweeps");
        assertThat(ImportSettings.of(g).command()).isEqualTo("benchmarks/ferry-bench import");
    }

    @Test
    void smokeTakesAnExplicitSweep() {
        ImportSettings settings =
                ImportSettings.of(
                        new ImportSettings.Given(
                                "smoke", false, null, null, "2 4", null, 16, 2000, 4, "ferry", null,
                                true));
        assertThat(settings.parallelism()).containsExactly(2, 4);
        assertThat(settings.statementRows()).isEmpty();
        assertThat(settings.command())
                .isEqualTo("benchmarks/ferry-bench import --smoke --downstream tidb");
    }

    @Test
    void statementBytesAreTwoHundredARow() {
        assertThat(ImportSettings.statementBytes(2000)).isEqualTo(400_000);
        assertThat(ImportSettings.of(given("quick")).dumperBytes()).isEqualTo(400_000);
    }

    @Test
    void badValuesNameTheFlagAndWhatItTakes() {
        assertThatThrownBy(() -> ImportSettings.of(withWorkers(65)))
                .hasMessage("--workers must be a whole number from 1 to 64, got '65'");
        assertThatThrownBy(
                        () ->
                                ImportSettings.of(
                                        new ImportSettings.Given(
                                                "quick", false, 99, null, null, null, 16, 2000, 4,
                                                "ferry", null, false)))
                .hasMessageContaining("--rows-per-table must be a whole number from 100");
        assertThatThrownBy(
                        () ->
                                ImportSettings.of(
                                        new ImportSettings.Given(
                                                "quick", false, null, null, "4 x", null, 16, 2000,
                                                4, "ferry", null, false)))
                .hasMessage("--parallelism must be whole numbers from 1 to 64, got 'x'");
        assertThatThrownBy(
                        () ->
                                ImportSettings.of(
                                        new ImportSettings.Given(
                                                "quick", false, null, null, null, "0", 16, 2000, 4,
                                                "ferry", null, false)))
                .hasMessage("--rows-per-statement must be whole numbers from 1 to 20000, got '0'");
        assertThatThrownBy(
                        () ->
                                ImportSettings.of(
                                        new ImportSettings.Given(
                                                "quick",
                                                false,
                                                null,
                                                null,
                                                null,
                                                null,
                                                16,
                                                2000,
                                                4,
                                                "ferry dumper",
                                                null,
                                                false)))
                .hasMessage("--pipelines takes ferry stock mydumper ceiling direct, got 'dumper'");
        assertThatThrownBy(
                        () ->
                                ImportSettings.of(
                                        new ImportSettings.Given(
                                                "quick", false, null, null, null, null, 16, 2000, 3,
                                                "direct", null, false)))
                .hasMessage("--direct-connections (16) must be a multiple of --dump-threads (3)");
    }

    @Test
    void directConnectionsDefaultToWorkers() {
        ImportSettings settings =
                ImportSettings.of(
                        new ImportSettings.Given(
                                "smoke",
                                false,
                                null,
                                null,
                                null,
                                null,
                                8,
                                2000,
                                4,
                                "direct ferry",
                                null,
                                false));
        assertThat(settings.directConnections()).isEqualTo(8);
        assertThat(settings.runs("direct")).isTrue();
        assertThat(ImportSettings.ints("--x", "1 2", 1, 2, true)).isEqualTo(List.of(1, 2));
    }

    private static ImportSettings.Given withWorkers(int workers) {
        return new ImportSettings.Given(
                "quick", false, null, null, null, null, workers, 2000, 4, "ferry", null, false);
    }
}
