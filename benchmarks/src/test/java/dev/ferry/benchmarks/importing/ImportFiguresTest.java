package dev.ferry.benchmarks.importing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ImportFiguresTest {
    private final ImportSettings settings = ImportSettings.of(ImportSettingsTest.given("full"));
    private final DataSets data = new DataSets(settings);
    private final Measurements measurements = new Measurements();
    private final ImportFigures figures = new ImportFigures(measurements, data);
    private final MeasurementKey load = new MeasurementKey("ferry-load", "main", 16, 2000);
    private final MeasurementKey sweepLoad = new MeasurementKey("ferry-load", "sweep", 16, 2000);
    private final MeasurementKey dump = new MeasurementKey("ferry-dump", "main", 4, "-");

    {
        data.bytes("main", 200L * 1048576); // 200 MB for 800,000 rows
        data.bytes("sweep", 50L * 1048576);
    }

    @Test
    void ratesDivideTheMeasurementsOwnDataSet() {
        measurements.record(
                load, Measurement.ok(20, 400L, null, Map.of("apply", 30.0, "down", 10.0)));
        measurements.record(sweepLoad, Measurement.ok(10, null, null, Map.of()));
        assertThat(figures.megabytesPerSecond(load)).isCloseTo(10.0, within(1e-9));
        assertThat(figures.rowsPerSecond(load)).isCloseTo(40_000.0, within(1e-9));
        assertThat(figures.megabytesPerSecond(sweepLoad)).isCloseTo(5.0, within(1e-9));
        assertThat(figures.rowsPerSecond(sweepLoad)).isCloseTo(20_000.0, within(1e-9));
        assertThat(figures.rowsPerStatement(load)).isCloseTo(2000.0, within(1e-9));
        assertThat(figures.rowsPerStatement(sweepLoad)).isNull();
        assertThat(figures.cpuRate(load)).isCloseTo(2.0, within(1e-9));
        assertThat(figures.cpuPerHundredThousandRows(load)).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void aFailedOrMissingMeasurementHasNoFigures() {
        measurements.record(load, Measurement.failed("the apply process died"));
        assertThat(figures.seconds(load)).isNull();
        assertThat(figures.megabytesPerSecond(load)).isNull();
        assertThat(figures.rowsPerSecond(dump)).isNull();
        assertThat(figures.cpuRate(load)).isNull();
        assertThat(figures.cpuPerHundredThousandRows(dump)).isNull();
        assertThat(figures.sumSeconds(load, dump)).isNull();
        assertThat(figures.microsecondsPerRow("all", load)).isNull();
        assertThat(ImportFigures.perSecond(10, null)).isNull();
        assertThat(ImportFigures.perSecond(10, 0.0)).isNull();
    }

    @Test
    void cpuPerRowAddsTheMeasurementsUp() {
        measurements.record(
                dump, Measurement.ok(4, null, null, Map.of("capture", 8.0, "kafka", 1.0)));
        measurements.record(
                load, Measurement.ok(6, 100L, null, Map.of("apply", 4.0, "kafka", 0.2)));
        assertThat(figures.sumSeconds(dump, load)).isEqualTo(10.0);
        // 800,000 rows: 1 CPU second is 1.25 µs a row
        assertThat(figures.microsecondsPerRow("kafka", dump, load)).isCloseTo(1.5, within(1e-9));
        assertThat(figures.microsecondsPerRow("capture", dump, load)).isCloseTo(10.0, within(1e-9));
        assertThat(figures.microsecondsPerRow("up", dump, load)).isZero();
        assertThat(figures.microsecondsPerRow("all", dump, load)).isCloseTo(16.5, within(1e-9));
    }
}
