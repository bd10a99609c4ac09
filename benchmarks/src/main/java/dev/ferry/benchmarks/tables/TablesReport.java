package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import dev.ferry.benchmarks.report.TableRow;
import java.util.List;
import java.util.Optional;

/**
 * The many-tables report, as tables.sh wrote it: per pipeline a table of rates (ratios against its
 * fewest tables) and idle cores, and one of CPU µs per snapshot row and per drained change, then
 * how each figure was measured. Pure: built from the settings and the results.
 */
final class TablesReport {
    private final TablesConfig config;

    TablesReport(TablesConfig config) {
        this.config = config;
    }

    String title() {
        return "Many tables: "
                + config.rows()
                + " rows over "
                + config.tableCountsText()
                + " tables";
    }

    /** The paragraph under the title: what ran, on which settings. */
    String description() {
        return "Ferry on its defaults (apply.consistency=transaction, "
                + FerryMeasurement.WORKERS
                + " workers, batch "
                + FerryMeasurement.BATCH
                + ", upstream.tables=database.*), "
                + config.layout().described()
                + ", each table count in turn; beside it the stock Flink CDC SQL pipeline"
                + " mysql-cdc → jdbc (a sink per table, parallelism "
                + config.stockParallelism()
                + ") on the same data. Ratios are against the fewest tables of the same pipeline.";
    }

    /** What follows the header: the figures of each pipeline that ran, and the method. */
    String body(List<TableCountResult> ferry, List<TableCountResult> stock) {
        StringBuilder text = new StringBuilder("\n## Figures\n\n");
        if (!ferry.isEmpty()) {
            figures(text, "ferry", ferry);
        }
        if (!stock.isEmpty()) {
            figures(text, "stock", stock);
        }
        text.append("## How it was measured\n\n");
        text.append("- Data: sysbench oltp_insert prepare, ")
                .append(config.rows())
                .append(" rows in all, split evenly over the tables (sbtest1..N).\n");
        text.append(
                "- Start-up: from launching both jobs (`java -jar ferry.jar capture` and `apply`)"
                        + " to the first row in a downstream table.\n");
        text.append(
                "- Snapshot rows/s: the rows over the time from the first row downstream to the"
                        + " last (start-up left out; the downstream counted when its handlers"
                        + " stopped writing).\n");
        text.append("- Idle: CPU seconds of each process (from /proc) over ")
                .append(config.idleSeconds())
                .append(" s once caught up, ")
                .append(TableCountRun.SETTLE.toSeconds())
                .append(
                        " s after the last row (when the binlog phase has started), nothing written"
                                + " upstream.\n");
        text.append("- Drain: the apply paused (SIGSTOP) while sysbench oltp_write_only ran ")
                .append(config.seconds())
                .append(" s on ")
                .append(config.threads())
                .append(
                        " threads over all tables and the capture wrote it to Kafka; then resumed"
                                + " and timed until the downstream's checksum over all tables"
                                + " equals the upstream's.\n");
        text.append(
                        "- Stock: `benchmarks/sql/stock-snapshot.sql` with a jdbc sink and an INSERT"
                                + " per table (one statement set), `parallelism.default` ")
                .append(config.stockParallelism())
                .append(", `sink.buffer-flush.max-rows` ")
                .append(StockMeasurement.BATCH)
                .append(
                        "; the downstream's max_connections raised to tables × parallelism + 100."
                                + " Its drain is end to end: the whole job paused (SIGSTOP) while"
                                + " sysbench ran, then timed from its resume until the checksums"
                                + " are equal.\n");
        return text.toString();
    }

    private void figures(StringBuilder text, String name, List<TableCountResult> results) {
        TableCountResult base = results.get(0);
        double baseSnapshot = base.snapshotRowsPerSecond();
        double baseDrain = base.drainChangesPerSecond();
        text.append("| ")
                .append(name)
                .append(
                        ": tables | start-up to first row | snapshot rows/s | ratio | drain"
                                + " changes/s | ratio | idle CPU cores: capture / apply / stock /"
                                + " Kafka | status |\n");
        text.append("|--:|--:|--:|--:|--:|--:|---|---|\n");
        for (TableCountResult result : results) {
            double snapshot = result.snapshotRowsPerSecond();
            double drain = result.drainChangesPerSecond();
            text.append(
                    TableRow.of(
                            result.tables(),
                            seconds(result.startupSeconds()),
                            Figures.whole(snapshot),
                            Ratio.text(snapshot, baseSnapshot),
                            Figures.whole(drain),
                            Ratio.text(drain, baseDrain),
                            idle(result, "capture")
                                    + " / "
                                    + idle(result, "apply")
                                    + " / "
                                    + idle(result, "stock")
                                    + " / "
                                    + idle(result, "kafka"),
                            result.status().replace('|', '/')));
        }
        text.append('\n');
        text.append("| ")
                .append(name)
                .append(
                        ": tables | snapshot µs per row: capture | apply | stock | Kafka |"
                                + " downstream | drain µs per change: apply | stock | Kafka |"
                                + " downstream |\n");
        text.append("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (TableCountResult result : results) {
            text.append("| ").append(result.tables());
            for (String process : new String[] {"capture", "apply", "stock", "kafka", "down"}) {
                text.append(" | ").append(oneDecimal(result.snapshotMicrosPerRow(process)));
            }
            for (String process : new String[] {"apply", "stock", "kafka", "down"}) {
                text.append(" | ").append(oneDecimal(result.drainMicrosPerChange(process)));
            }
            text.append(" |\n");
        }
        text.append('\n');
    }

    private String idle(TableCountResult result, String process) {
        return result.idleCores(process, config.idleSeconds())
                .map(Figures::twoDecimals)
                .orElse(Figures.MISSING);
    }

    private static String seconds(Double value) {
        return value == null ? Figures.MISSING : Figures.oneDecimal(value) + " s";
    }

    private static String oneDecimal(Optional<Double> value) {
        return value.map(Figures::oneDecimal).orElse(Figures.MISSING);
    }
}
