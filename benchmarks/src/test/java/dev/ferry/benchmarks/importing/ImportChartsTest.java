package dev.ferry.benchmarks.importing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ImportChartsTest {
    @Test
    void theSweepsTablesHaveARowPerValueAndEmptyCellsWhereNotMeasured() {
        ImportSettings settings = ImportSettings.of(ImportSettingsTest.given("quick"));
        DataSets data = new DataSets(settings);
        data.bytes("main", 10L * 1048576);
        Measurements measurements = new Measurements();
        measurements.record(
                new MeasurementKey("ferry-load", "main", 4, 2000),
                Measurement.ok(2, null, null, Map.of()));
        measurements.record(
                new MeasurementKey("ceiling", "main", 16, 5000),
                Measurement.ok(4, null, null, Map.of()));
        ImportCharts charts = new ImportCharts(settings, data, measurements);
        assertThat(charts.parallelismTsv().split("\n"))
                .containsExactly(
                        "sink parallelism\tferry apply (Kafka → downstream)\tstock mysql-cdc → jdbc"
                                + " (end to end)\tmyloader\tdownstream ceiling",
                        "4\t5.000000\t\t\t",
                        "16\t\t\t\t");
        assertThat(charts.statementTsv().split("\n", -1))
                .containsExactly(
                        "rows per statement (configured)\tferry apply (Kafka → downstream)\tmyloader"
                                + "\tdownstream ceiling",
                        "500\t\t\t",
                        "5000\t\t\t2.500000",
                        "");
    }
}
