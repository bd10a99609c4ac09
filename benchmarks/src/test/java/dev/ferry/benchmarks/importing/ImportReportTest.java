package dev.ferry.benchmarks.importing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ImportReportTest {
    private final ImportSettings settings = ImportSettings.of(ImportSettingsTest.given("quick"));
    private final DataSets data = new DataSets(settings);
    private final Measurements measurements = new Measurements();
    private final ImportKeys keys = new ImportKeys(settings, data);

    {
        data.bytes("main", 100L * 1048576); // 100 MB for 100,000 rows
    }

    private String report() {
        return new ImportReport(settings, data, measurements).body("", 2, "5.00, 4.00, 3.00");
    }

    @Test
    void measuredFiguresFillTheTablesAndTheRestShowADash() {
        measurements.record(
                keys.mainEndToEnd(),
                Measurement.ok(20, 50L, null, cpu("capture", 12.0, "apply", 8.0, "kafka", 2.0)));
        measurements.record(keys.mainStock(), Measurement.ok(10, 100L, null, cpu("stock", 9.0)));
        String md = report();
        assertThat(md)
                .contains(
                        "- data: sysbench `oltp_insert prepare`, 4 tables of 25,000 rows (100.0 MB of InnoDB data")
                .contains(
                        "| **ferry capture → Kafka → apply, together** | 20.00 | 5,000 | 5.0 | capture=12.0 apply=8.0 kafka=2.0 |")
                .contains("| stock `mysql-cdc` → `jdbc` | 10.00 | 10,000 | 10.0 | stock=9.0 |")
                .contains("| mydumper, then myloader | — | — | — | dump: ; load:  |")
                .contains("| ferry end to end ÷ stock pipeline | 0.50× | ≥ 2× | missed by 75% |")
                .contains("| ferry end to end ÷ mydumper + myloader | — | ≥ 0.6× | not measured |")
                .contains(
                        "| ferry capture → Kafka → apply, together | 200.0 (capture apply) | 20.0 | 0.0 | 0.0 | 220.0 |")
                .contains("| downstream ceiling (load only) | — | — | — | — | — |")
                .contains(
                        "Ferry end to end used 22.0 CPU seconds per 100k rows, the stock pipeline 9.0")
                .contains(
                        "Ferry's copy was not CPU-bound by its own processes, which used 1.1 of the 2 cores")
                .contains("## Sweep: sink parallelism")
                .contains("| 4 | — (—) | — (—) | — (—) | — (—) | — |")
                .contains("## Sweep: rows per statement")
                .contains("| 5000 | — | — (—) | — | — (—) | — (—) | — |")
                .doesNotContain("direct import probe")
                .doesNotContain("## Charts")
                .contains("None: every copy ended with every row downstream.");
    }

    @Test
    void failedRunsAreListedByKey() {
        measurements.record(keys.mainLoad(), Measurement.failed("no ferry dump to load"));
        measurements.record(keys.mainDump(), Measurement.failed("the capture process died"));
        assertThat(report())
                .contains(
                        "## Failed runs\n\n- `ferry-dump:main:4:-`: the capture process died\n"
                                + "- `ferry-load:main:16:2000`: no ferry dump to load\n");
    }

    @Test
    void theMydumperRowsCarryTheToolsOwnCpu() {
        measurements.record(
                keys.mainMydumper(), Measurement.ok(1, 0L, null, cpu("up", 1.0, "mydumper", 3.0)));
        measurements.record(
                keys.mainMyloader(),
                Measurement.ok(4, 50L, null, cpu("down", 5.0, "myloader", 1.0)));
        String md = report();
        assertThat(md)
                .contains(
                        "| mydumper (SQL files on local disk) | 100.0 | 4 | 2,000 | 1.00 | 100.0 |")
                .contains("| myloader | 100.0 | 16 | 2,000 | — | 4.00 | 25.0 |")
                .contains(
                        "| mydumper, then myloader | 5.00 | 20,000 | 20.0 | dump: up=1.0 mydumper=3.0; load: down=5.0 myloader=1.0 |")
                .contains(
                        "| mydumper, then myloader | 40.0 (mydumper myloader) | 0.0 | 50.0 | 10.0 | 100.0 |");
    }

    @Test
    void directAddsItsRowsAndTidbNamesItsServer() {
        ImportSettings direct =
                ImportSettings.of(
                        new ImportSettings.Given(
                                "smoke",
                                false,
                                null,
                                null,
                                null,
                                null,
                                16,
                                2000,
                                4,
                                "ferry direct",
                                8,
                                true));
        DataSets smokeData = new DataSets(direct);
        smokeData.bytes("main", 1048576);
        ImportReport report = new ImportReport(direct, smokeData, measurements);
        String md = report.body("", 2, "1.00, 1.00, 1.00");
        assertThat(report.title()).isEqualTo("Full import into TiDB");
        assertThat(report.what())
                .contains("`benchmarks/ferry-bench import --smoke --downstream tidb`");
        assertThat(md)
                .contains(
                        "| ferry direct import probe (snapshot → wide upserts, no Kafka; 8 connections) | — |")
                .contains("| direct import probe ÷ stock pipeline | — | ≥ 2× | not measured |")
                .contains("the downstream (`tidb-server`)")
                .contains("- **direct import probe**:")
                .doesNotContain("## Sweep");
    }

    /** CPU seconds per process in the order given, as a copy records them. */
    static Map<String, Double> cpu(Object... nameThenSeconds) {
        Map<String, Double> cpu = new java.util.LinkedHashMap<>();
        for (int i = 0; i < nameThenSeconds.length; i += 2) {
            cpu.put((String) nameThenSeconds[i], (Double) nameThenSeconds[i + 1]);
        }
        return cpu;
    }
}
