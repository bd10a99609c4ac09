package dev.ferry.benchmarks.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * What a chart shows: categories along x, and one named series of values per category (NaN where a
 * value is missing), read from a tab-separated table with a header row.
 */
public record ChartData(String xName, List<String> categories, List<Series> series) {

    /** One line or one set of bars: a name for the legend and a value per category. */
    public record Series(String name, double[] values) {}

    /**
     * Reads a TSV table: the header names the x column and each series; every further row holds a
     * category and its values. An empty cell is a missing value.
     *
     * @throws IllegalArgumentException naming the line and what is wrong with it
     */
    public static ChartData parseTsv(Reader tsv) throws IOException {
        BufferedReader lines = new BufferedReader(tsv);
        String header = lines.readLine();
        if (header == null || header.isBlank()) {
            throw new IllegalArgumentException(
                    "the table is empty: expected a header row (x name, then one name per series)");
        }
        String[] names = header.split("\t", -1);
        if (names.length < 2) {
            throw new IllegalArgumentException(
                    "line 1: the header has one column; expected the x name and at least one series"
                            + " name, separated by tabs");
        }
        List<String> categories = new ArrayList<>();
        List<double[]> rows = new ArrayList<>();
        String line;
        int number = 1;
        while ((line = lines.readLine()) != null) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            String[] cells = line.split("\t", -1);
            if (cells.length != names.length) {
                throw new IllegalArgumentException(
                        String.format(
                                "line %d: %d tab-separated cells, but the header has %d",
                                number, cells.length, names.length));
            }
            categories.add(cells[0]);
            double[] values = new double[names.length - 1];
            for (int i = 1; i < cells.length; i++) {
                values[i - 1] = parseCell(cells[i], number, names[i]);
            }
            rows.add(values);
        }
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("the table has a header but no data rows");
        }
        List<Series> series = new ArrayList<>();
        for (int s = 0; s < names.length - 1; s++) {
            double[] values = new double[rows.size()];
            for (int r = 0; r < rows.size(); r++) {
                values[r] = rows.get(r)[s];
            }
            series.add(new Series(names[s + 1], values));
        }
        return new ChartData(names[0], categories, series);
    }

    private static double parseCell(String cell, int line, String column) {
        String value = cell.trim();
        if (value.isEmpty()) {
            return Double.NaN;
        }
        try {
            double parsed = Double.parseDouble(value);
            if (Double.isInfinite(parsed)) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    String.format(
                            "line %d, column '%s': '%s' is not a number (leave the cell empty for a"
                                    + " missing value)",
                            line, column, value));
        }
    }

    /** Largest value over all series, or 0 when every value is missing or negative. */
    double maxValue() {
        double max = 0;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v)) {
                    max = Math.max(max, v);
                }
            }
        }
        return max;
    }
}
