package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.run.Report;
import java.util.Locale;

/**
 * The import report's two charts, MB/s against sink parallelism and against rows per statement, as
 * the TSV tables the kit's charts draw (an empty cell: not measured).
 */
public final class ImportCharts {
    private final ImportSettings settings;
    private final ImportFigures figures;
    private final ImportKeys keys;
    private final DataSets data;

    public ImportCharts(ImportSettings settings, DataSets data, Measurements measurements) {
        this.settings = settings;
        this.data = data;
        this.figures = new ImportFigures(measurements, data);
        this.keys = new ImportKeys(settings, data);
    }

    /** The sink parallelism chart's table: one row per parallelism, one column per tool. */
    String parallelismTsv() {
        String sweep = data.sweepData();
        int batch = settings.batch();
        StringBuilder tsv =
                new StringBuilder(
                        "sink parallelism\tferry apply (Kafka → downstream)\tstock mysql-cdc → jdbc"
                                + " (end to end)\tmyloader\tdownstream ceiling\n");
        for (int p : settings.parallelism()) {
            tsv.append(p)
                    .append('\t')
                    .append(mbs(keys.ferryLoad(sweep, p, batch)))
                    .append('\t')
                    .append(mbs(keys.stock(sweep, p, batch)))
                    .append('\t')
                    .append(mbs(keys.myloader(sweep, p, settings.dumperBytes())))
                    .append('\t')
                    .append(mbs(keys.ceiling(sweep, p, batch)))
                    .append('\n');
        }
        return tsv.toString();
    }

    /** The rows-per-statement chart's table. */
    String statementTsv() {
        String sweep = data.sweepData();
        int workers = settings.workers();
        StringBuilder tsv =
                new StringBuilder(
                        "rows per statement (configured)\tferry apply (Kafka → downstream)"
                                + "\tmyloader\tdownstream ceiling\n");
        for (int r : settings.statementRows()) {
            tsv.append(r)
                    .append('\t')
                    .append(mbs(keys.ferryLoad(sweep, workers, r)))
                    .append('\t')
                    .append(mbs(keys.myloader(sweep, workers, ImportSettings.statementBytes(r))))
                    .append('\t')
                    .append(mbs(keys.ceiling(sweep, workers, r)))
                    .append('\n');
        }
        return tsv.toString();
    }

    /** Draws the charts of the sweeps that ran; their Markdown lines ("" when none ran). */
    public String draw(Report report) {
        StringBuilder lines = new StringBuilder();
        if (!settings.parallelism().isEmpty()) {
            lines.append(
                            report.chart(
                                    "line",
                                    "parallelism",
                                    "Full import: MB/s vs sink parallelism ("
                                            + dev.ferry.benchmarks.report.Figures.whole(
                                                    (double) data.rows(data.sweepData()))
                                            + " rows)",
                                    "sink parallelism (apply.workers, stock parallelism,"
                                            + " connections)",
                                    "MB/s",
                                    parallelismTsv()))
                    .append("\n\n");
        }
        if (!settings.statementRows().isEmpty()) {
            lines.append(
                            report.chart(
                                    "line",
                                    "rows-per-statement",
                                    "Full import: MB/s vs rows per statement ("
                                            + settings.workers()
                                            + " connections)",
                                    "rows per statement (apply.batch-size, CeilingLoader,"
                                            + " mydumper -s)",
                                    "MB/s",
                                    statementTsv()))
                    .append('\n');
        }
        return lines.toString();
    }

    private String mbs(MeasurementKey key) {
        Double value = figures.megabytesPerSecond(key);
        return value == null ? "" : String.format(Locale.ROOT, "%.6f", value);
    }
}
