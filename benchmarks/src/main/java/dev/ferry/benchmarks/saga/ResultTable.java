package dev.ferry.benchmarks.saga;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * DTM's result table (columns: the systems; rows: Global-TPS, DB-TPS, OPS) as Markdown, with rows
 * of CPU milliseconds per global transaction for each process below, and DTM's published figures
 * beneath for reference.
 */
final class ResultTable {
    /**
     * One column: a measured Global-TPS, what one global transaction costs the databases, and the
     * CPU milliseconds per global transaction of each process (empty where not measured).
     */
    record Column(
            String name, double globalTps, double dbTps, double ops, Map<String, Double> cpu) {
        /** DTM's way of counting: per-saga transactions and statements times Global-TPS. */
        static Column of(String name, Measurement measured, int transactions, int statements) {
            double tps = measured.globalTps();
            return new Column(name, tps, tps * transactions, tps * statements, measured.cpu());
        }
    }

    /** A measured column's Global-TPS and CPU milliseconds per global transaction by process. */
    record Measurement(double globalTps, Map<String, Double> cpu) {}

    private static final String[] DTM_NAMES = {
        "Mysql",
        "无DTM-2SQL",
        "DTM-0SQL",
        "DTM-2SQL",
        "DTM-2SQL-Barrier",
        "无DTM-10SQL",
        "DTM-10SQL",
        "DTM-10SQL-Barrier"
    };
    private static final double[][] DTM = {
        {Double.NaN, 1232, 935, 575, 531, 551, 357, 341},
        {2006, 2464, 1870, 2300, 2124, 1102, 1428, 1364},
        {12039, 4928, 5610, 5750, 6372, 10620, 9282, 9548}
    };

    private final List<Column> columns = new ArrayList<>();

    void add(Column column) {
        columns.add(column);
    }

    String markdown() {
        StringBuilder table = new StringBuilder("| |");
        columns.forEach(c -> table.append(' ').append(c.name()).append(" |"));
        table.append("\n|---|");
        columns.forEach(c -> table.append("---:|"));
        table.append('\n');
        row(table, "Global-TPS", columns.stream().mapToDouble(Column::globalTps).toArray());
        row(table, "DB-TPS", columns.stream().mapToDouble(Column::dbTps).toArray());
        row(table, "OPS", columns.stream().mapToDouble(Column::ops).toArray());
        Set<String> processes = new LinkedHashSet<>();
        columns.forEach(c -> processes.addAll(c.cpu().keySet()));
        for (String process : processes) {
            cpuRow(table, "CPU ms / global tx, " + process, process);
        }
        return table.toString();
    }

    static String dtmReference() {
        StringBuilder table = new StringBuilder("| DTM, published (4C8G, MySQL 5.7) |");
        for (String name : DTM_NAMES) {
            table.append(' ').append(name).append(" |");
        }
        table.append("\n|---|");
        for (int i = 0; i < DTM_NAMES.length; i++) {
            table.append("---:|");
        }
        table.append('\n');
        String[] metrics = {"Global-TPS", "DB-TPS", "OPS"};
        for (int m = 0; m < metrics.length; m++) {
            row(table, metrics[m], DTM[m]);
        }
        return table.toString();
    }

    private void cpuRow(StringBuilder table, String metric, String process) {
        table.append("| ").append(metric).append(" |");
        for (Column column : columns) {
            Double value = column.cpu().get(process);
            table.append(' ')
                    .append(value == null ? "-" : String.format(Locale.ROOT, "%.3f", value))
                    .append(" |");
        }
        table.append('\n');
    }

    private static void row(StringBuilder table, String metric, double[] values) {
        table.append("| ").append(metric).append(" |");
        for (double value : values) {
            table.append(' ')
                    .append(Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.0f", value))
                    .append(" |");
        }
        table.append('\n');
    }
}
