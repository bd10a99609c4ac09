package dev.ferry.benchmarks.importing;

import static dev.ferry.benchmarks.report.Figures.oneDecimal;
import static dev.ferry.benchmarks.report.Figures.twoDecimals;
import static dev.ferry.benchmarks.report.Figures.whole;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import dev.ferry.benchmarks.report.TableRow;
import dev.ferry.benchmarks.report.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The import table's Markdown report after its header: settings, dump, load, end to end, CPU per
 * row, ratios against the targets, the sweeps, the charts, the failed runs and how each figure was
 * measured; the sections and columns import.sh wrote.
 */
public final class ImportReport {
    private final ImportSettings settings;
    private final DataSets data;
    private final Measurements measurements;
    private final ImportFigures figures;
    private final ImportKeys keys;

    public ImportReport(ImportSettings settings, DataSets data, Measurements measurements) {
        this.settings = settings;
        this.data = data;
        this.measurements = measurements;
        this.figures = new ImportFigures(measurements, data);
        this.keys = new ImportKeys(settings, data);
    }

    /** The title: "Full import", "… into TiDB". */
    public String title() {
        return "Full import" + (settings.tidb() ? " into TiDB" : "");
    }

    /** What the table is, under the title. */
    public String what() {
        return "Table 1 of the benchmark suite (issue 6), after TiDB DM's full import benchmark: `"
                + settings.command()
                + "`.";
    }

    /**
     * The report's body, after the header.
     *
     * @param charts the charts' Markdown image lines ("" when no sweep ran)
     * @param cores the machine's cores
     * @param loadAverage the load average now, for the CPU-bound note
     */
    public String body(String charts, int cores, String loadAverage) {
        StringBuilder md = new StringBuilder();
        settingsSection(md);
        dump(md);
        load(md);
        endToEnd(md);
        cpuPerRow(md);
        ratios(md, cores, loadAverage);
        if (!settings.parallelism().isEmpty()) {
            parallelismSweep(md);
        }
        if (!settings.statementRows().isEmpty()) {
            statementSweep(md);
        }
        if (!charts.isEmpty()) {
            md.append("## Charts\n\n").append(charts).append('\n');
        }
        failures(md);
        md.append(ImportNotes.of(settings));
        return md.toString();
    }

    private void settingsSection(StringBuilder md) {
        String main = DataSets.MAIN;
        String sweep = data.sweepData();
        md.append("## Settings\n\n");
        md.append("- data: sysbench `oltp_insert prepare`, ")
                .append(tablesOf(main))
                .append(" of InnoDB data, the \"data size\" of every MB/s below)");
        if (sweep.equals(DataSets.SWEEP)) {
            md.append("; the sweeps use ").append(tablesOf(sweep)).append(")");
        }
        md.append('\n');
        md.append("- ferry: `capture.parallelism` ")
                .append(settings.dumpThreads())
                .append(" (dump threads), `apply.workers` ")
                .append(settings.workers())
                .append(", `apply.batch-size` ")
                .append(settings.batch())
                .append(
                        ", `apply.consistency` transaction (the default), apply heap `-Xmx1g`,"
                                + " every other option at its default (Kafka compression lz4,"
                                + " checkpoints every 2 s)\n");
        md.append(
                        "- stock: `benchmarks/sql/stock-snapshot.sql` as shipped"
                                + " (`parallelism.default` = sink parallelism,"
                                + " `sink.buffer-flush.max-rows` = ")
                .append(settings.batch())
                .append("), one JVM\n");
        md.append("- mydumper: `-t ")
                .append(settings.dumpThreads())
                .append(" --rows 50000 -s ")
                .append(settings.dumperBytes())
                .append("` (about ")
                .append(settings.batch())
                .append(" rows per INSERT); myloader: `-t ")
                .append(settings.workers())
                .append(" -o`\n");
        md.append("- downstream ceiling: `CeilingLoader --connections ")
                .append(settings.workers())
                .append(" --rows-per-statement ")
                .append(settings.batch())
                .append("` (generated rows, see the notes)\n\n");
    }

    private void dump(StringBuilder md) {
        double mb = data.megabytes(DataSets.MAIN);
        md.append("## Dump\n\n");
        md.append(
                "| tool | data size (MB) | threads | rows per statement | time (s) | dump speed"
                        + " (MB/s) |\n");
        md.append("|---|--:|--:|--:|--:|--:|\n");
        row(
                md,
                "mydumper (SQL files on local disk)",
                oneDecimal(mb),
                Integer.toString(settings.dumpThreads()),
                whole(figures.rowsPerStatement(keys.mainMyloader())),
                twoDecimals(figures.seconds(keys.mainMydumper())),
                oneDecimal(figures.megabytesPerSecond(keys.mainMydumper())));
        row(
                md,
                "ferry capture (snapshot → Kafka)",
                oneDecimal(mb),
                Integer.toString(settings.dumpThreads()),
                Figures.MISSING,
                twoDecimals(figures.seconds(keys.mainDump())),
                oneDecimal(figures.megabytesPerSecond(keys.mainDump())));
        md.append('\n');
    }

    private void load(StringBuilder md) {
        String mb = oneDecimal(data.megabytes(DataSets.MAIN));
        String workers = Integer.toString(settings.workers());
        md.append("## Load\n\n");
        md.append(
                "| tool | data size (MB) | connections | rows per INSERT (measured) | statement"
                        + " latency p99 (ms) | time (s) | import speed (MB/s) |\n");
        md.append("|---|--:|--:|--:|--:|--:|--:|\n");
        for (Object[] tool :
                new Object[][] {
                    {"myloader", keys.mainMyloader(), false},
                    {"ferry apply (Kafka backlog → downstream)", keys.mainLoad(), false},
                    {"downstream ceiling (CeilingLoader)", keys.mainCeiling(), true}
                }) {
            MeasurementKey key = (MeasurementKey) tool[1];
            row(
                    md,
                    (String) tool[0],
                    mb,
                    workers,
                    whole(figures.rowsPerStatement(key)),
                    (Boolean) tool[2] ? oneDecimal(latency(key)) : Figures.MISSING,
                    twoDecimals(figures.seconds(key)),
                    oneDecimal(figures.megabytesPerSecond(key)));
        }
        md.append('\n');
    }

    private void endToEnd(StringBuilder md) {
        double mb = data.megabytes(DataSets.MAIN);
        long rows = data.rows(DataSets.MAIN);
        Double dumperTotal = figures.sumSeconds(keys.mainMydumper(), keys.mainMyloader());
        Double ferrySerial = figures.sumSeconds(keys.mainDump(), keys.mainLoad());
        md.append("## End to end\n\n");
        md.append("| pipeline | time (s) | rows/s | MB/s | CPU seconds per process |\n");
        md.append("|---|--:|--:|--:|---|\n");
        row(
                md,
                "mydumper, then myloader",
                twoDecimals(dumperTotal),
                whole(ImportFigures.perSecond(rows, dumperTotal)),
                oneDecimal(ImportFigures.perSecond(mb, dumperTotal)),
                "dump: " + cpu(keys.mainMydumper()) + "; load: " + cpu(keys.mainMyloader()));
        row(
                md,
                "ferry dump, then load (the two rows above)",
                twoDecimals(ferrySerial),
                whole(ImportFigures.perSecond(rows, ferrySerial)),
                oneDecimal(ImportFigures.perSecond(mb, ferrySerial)),
                "dump: " + cpu(keys.mainDump()) + "; load: " + cpu(keys.mainLoad()));
        copyRow(md, "**ferry capture → Kafka → apply, together**", keys.mainEndToEnd());
        copyRow(md, "stock `mysql-cdc` → `jdbc`", keys.mainStock());
        if (settings.runs("direct")) {
            copyRow(
                    md,
                    "ferry direct import probe (snapshot → wide upserts, no Kafka; "
                            + settings.directConnections()
                            + " connections)",
                    keys.mainDirect());
        }
        md.append('\n');
    }

    private void copyRow(StringBuilder md, String label, MeasurementKey key) {
        row(
                md,
                label,
                twoDecimals(figures.seconds(key)),
                whole(figures.rowsPerSecond(key)),
                oneDecimal(figures.megabytesPerSecond(key)),
                cpu(key));
    }

    private void cpuPerRow(StringBuilder md) {
        md.append("## CPU per row\n\n");
        md.append(
                "CPU µs per copied row of each process during the copy (`/proc/<pid>/stat`; JVM"
                        + " start included). mydumper + myloader: both runs added.\n\n");
        md.append("| pipeline | own processes | Kafka broker | downstream | upstream | all |\n");
        md.append("|---|--:|--:|--:|--:|--:|\n");
        cpuRow(
                md,
                "mydumper, then myloader",
                "mydumper myloader",
                keys.mainMydumper(),
                keys.mainMyloader());
        cpuRow(md, "ferry dump, then load", "capture apply", keys.mainDump(), keys.mainLoad());
        cpuRow(md, "ferry capture → Kafka → apply, together", "capture apply", keys.mainEndToEnd());
        cpuRow(md, "stock `mysql-cdc` → `jdbc`", "stock", keys.mainStock());
        if (settings.runs("direct")) {
            cpuRow(md, "ferry direct import probe", "direct", keys.mainDirect());
        }
        cpuRow(md, "downstream ceiling (load only)", "ceiling", keys.mainCeiling());
        md.append('\n');
    }

    /** A row of the CPU-per-row table: µs per row of the pipeline's own processes and the rest. */
    String cpuRowText(String label, String own, MeasurementKey... measured) {
        if (figures.microsecondsPerRow("all", measured) == null) {
            return "| " + label + " | — | — | — | — | — |";
        }
        double sum = 0;
        for (String name : own.split(" ")) {
            sum += figures.microsecondsPerRow(name, measured);
        }
        return "| "
                + label
                + " | "
                + oneDecimal(sum)
                + " ("
                + own
                + ") | "
                + oneDecimal(figures.microsecondsPerRow("kafka", measured))
                + " | "
                + oneDecimal(figures.microsecondsPerRow("down", measured))
                + " | "
                + oneDecimal(figures.microsecondsPerRow("up", measured))
                + " | "
                + oneDecimal(figures.microsecondsPerRow("all", measured))
                + " |";
    }

    private void cpuRow(StringBuilder md, String label, String own, MeasurementKey... measured) {
        md.append(cpuRowText(label, own, measured)).append('\n');
    }

    private void ratios(StringBuilder md, int cores, String loadAverage) {
        long rows = data.rows(DataSets.MAIN);
        Double rateEndToEnd = figures.rowsPerSecond(keys.mainEndToEnd());
        Double rateStock = figures.rowsPerSecond(keys.mainStock());
        Double rateDirect = figures.rowsPerSecond(keys.mainDirect());
        Double dumperTotal = figures.sumSeconds(keys.mainMydumper(), keys.mainMyloader());
        Double ferrySerial = figures.sumSeconds(keys.mainDump(), keys.mainLoad());
        Double rateDumper = ImportFigures.perSecond(rows, dumperTotal);
        md.append("## Ratios and targets\n\n");
        md.append("| ratio (rows/s, same data, same run) | value | target | verdict |\n");
        md.append("|---|--:|--:|---|\n");
        ratioRow(md, "ferry end to end ÷ stock pipeline", rateEndToEnd, rateStock, 2, "≥ 2×");
        ratioRow(
                md,
                "ferry end to end ÷ mydumper + myloader",
                rateEndToEnd,
                rateDumper,
                0.6,
                "≥ 0.6×");
        row(
                md,
                "ferry apply (load) ÷ downstream ceiling",
                Ratio.text(
                        figures.rowsPerSecond(keys.mainLoad()),
                        figures.rowsPerSecond(keys.mainCeiling())),
                "—",
                "—");
        row(
                md,
                "ferry dump then load ÷ mydumper then myloader",
                Ratio.text(dumperTotal, ferrySerial),
                "—",
                "—");
        if (settings.runs("direct")) {
            ratioRow(md, "direct import probe ÷ stock pipeline", rateDirect, rateStock, 2, "≥ 2×");
            ratioRow(
                    md,
                    "direct import probe ÷ mydumper + myloader",
                    rateDirect,
                    rateDumper,
                    0.6,
                    "≥ 0.6×");
            row(
                    md,
                    "direct import probe ÷ ferry end to end",
                    Ratio.text(rateDirect, rateEndToEnd),
                    "—",
                    "—");
        }
        md.append('\n');
        MeasurementKey endToEnd = keys.mainEndToEnd();
        Double cpuRate = figures.cpuRate(endToEnd);
        md.append(
                        "What limits ferry here: the CPU seconds above show where the cores went"
                                + " (`capture`, `apply`, the Kafka broker, the downstream (")
                .append(settings.tidb() ? "`tidb-server`" : "`mariadbd`")
                .append(")) and the upstream `mariadbd`). Ferry end to end used ")
                .append(oneDecimal(figures.cpuPerHundredThousandRows(endToEnd)))
                .append(" CPU seconds per 100k rows, the stock pipeline ")
                .append(oneDecimal(figures.cpuPerHundredThousandRows(keys.mainStock())))
                .append(
                        "; on a CPU-bound machine the one that spends less CPU per row copies"
                                + " faster. Ferry's copy was ")
                .append(cpuRate == null ? "" : CpuUse.boundNote(cpuRate, cores, loadAverage))
                .append("\n\n");
    }

    private static void ratioRow(
            StringBuilder md, String label, Double value, Double of, double target, String shown) {
        Double ratio = Ratio.of(value, of).isPresent() ? Ratio.of(value, of).getAsDouble() : null;
        row(md, label, Ratio.text(value, of), shown, Verdict.of(ratio, target));
    }

    private void parallelismSweep(StringBuilder md) {
        String sweep = data.sweepData();
        md.append("## Sweep: sink parallelism\n\n");
        md.append(tablesOf(sweep))
                .append("); ")
                .append(settings.batch())
                .append(" rows per statement (mydumper `-s ")
                .append(settings.dumperBytes())
                .append(
                        "`). MB/s, and time in seconds in brackets. ferry: `apply.workers` on the"
                                + " Kafka backlog; stock: `parallelism.default`, end to end;"
                                + " myloader: `-t`; ceiling: connections.\n\n");
        md.append(
                "| sink parallelism | ferry apply | stock (end to end) | myloader | downstream"
                        + " ceiling | ferry apply ÷ ceiling |\n");
        md.append("|--:|--:|--:|--:|--:|--:|\n");
        for (int p : settings.parallelism()) {
            MeasurementKey load = keys.ferryLoad(sweep, p, settings.batch());
            MeasurementKey ceiling = keys.ceiling(sweep, p, settings.batch());
            row(
                    md,
                    Integer.toString(p),
                    cell(load),
                    cell(keys.stock(sweep, p, settings.batch())),
                    cell(keys.myloader(sweep, p, settings.dumperBytes())),
                    cell(ceiling),
                    Ratio.text(figures.rowsPerSecond(load), figures.rowsPerSecond(ceiling)));
        }
        md.append('\n');
    }

    private void statementSweep(StringBuilder md) {
        String sweep = data.sweepData();
        int workers = settings.workers();
        md.append("## Sweep: rows per statement\n\n");
        md.append(tablesOf(sweep))
                .append("), ")
                .append(workers)
                .append(
                        " connections. Configured: ferry `apply.batch-size`, CeilingLoader"
                                + " `--rows-per-statement`, mydumper `-s` (200 bytes a row);"
                                + " measured: rows ÷ downstream `Com_insert`.\n\n");
        md.append(
                "| rows per statement | ferry rows per INSERT | ferry apply MB/s (s) | myloader rows"
                        + " per INSERT | myloader MB/s (s) | ceiling MB/s (s) | ceiling p99"
                        + " statement ms |\n");
        md.append("|--:|--:|--:|--:|--:|--:|--:|\n");
        for (int r : settings.statementRows()) {
            MeasurementKey load = keys.ferryLoad(sweep, workers, r);
            MeasurementKey loader = keys.myloader(sweep, workers, ImportSettings.statementBytes(r));
            MeasurementKey ceiling = keys.ceiling(sweep, workers, r);
            row(
                    md,
                    Integer.toString(r),
                    whole(figures.rowsPerStatement(load)),
                    cell(load),
                    whole(figures.rowsPerStatement(loader)),
                    cell(loader),
                    cell(ceiling),
                    oneDecimal(latency(ceiling)));
        }
        md.append('\n');
    }

    private void failures(StringBuilder md) {
        List<String> lines = new ArrayList<>();
        for (Map.Entry<MeasurementKey, Measurement> entry : measurements.all().entrySet()) {
            if (!entry.getValue().status().equals("ok")) {
                lines.add("- `" + entry.getKey() + "`: " + entry.getValue().status());
            }
        }
        lines.sort(null);
        md.append("## Failed runs\n\n")
                .append(
                        lines.isEmpty()
                                ? "None: every copy ended with every row downstream."
                                : String.join("\n", lines))
                .append("\n\n");
    }

    /** "MB/s (seconds)" of a measurement. */
    private String cell(MeasurementKey key) {
        return oneDecimal(figures.megabytesPerSecond(key))
                + " ("
                + twoDecimals(figures.seconds(key))
                + ")";
    }

    /** Its CPU seconds per process, "" when it was not measured. */
    private String cpu(MeasurementKey key) {
        return measurements.get(key).map(Measurement::cpuSummary).orElse("");
    }

    private Double latency(MeasurementKey key) {
        return measurements.get(key).map(Measurement::latencyP99).orElse(null);
    }

    /** "4 tables of N rows (M MB": the data set {@code dataSet}, its bracket left open. */
    private String tablesOf(String dataSet) {
        return "4 tables of "
                + whole((double) data.rowsPerTable(dataSet))
                + " rows ("
                + oneDecimal(data.megabytes(dataSet))
                + " MB";
    }

    private static void row(StringBuilder md, String... cells) {
        md.append(TableRow.of((Object[]) cells));
    }
}
