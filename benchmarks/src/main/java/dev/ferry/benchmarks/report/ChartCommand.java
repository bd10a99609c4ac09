package dev.ferry.benchmarks.report;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Renders a PNG chart from a TSV table, for the benchmark scripts:
 *
 * <pre>
 * java -cp ferry-benchmarks.jar dev.ferry.benchmarks.report.ChartCommand --kind line|bar \
 *     --title "T" --x-label "X" --y-label "Y" --out chart.png data.tsv
 * </pre>
 *
 * <p>data.tsv: a header row, then one row per category; the first column is the category (x), each
 * further column one series; an empty cell is a missing value. Exit 2 with one line on bad input.
 */
public final class ChartCommand {
    static final String USAGE =
            "usage: ChartCommand --kind line|bar --title T --x-label X --y-label Y --out file.png"
                    + " data.tsv";

    private ChartCommand() {}

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        try {
            run(args);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("chart: " + message(e));
            System.exit(2);
        }
    }

    static void run(String[] args) throws IOException {
        String kind = null, title = "", xLabel = "", yLabel = "", out = null, tsv = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                if (tsv != null) {
                    throw new IllegalArgumentException(
                            "two data files given: " + tsv + ", " + arg + "\n" + USAGE);
                }
                tsv = arg;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(arg + " needs a value\n" + USAGE);
            }
            String value = args[++i];
            switch (arg) {
                case "--kind" -> kind = value.toLowerCase(Locale.ROOT);
                case "--title" -> title = value;
                case "--x-label" -> xLabel = value;
                case "--y-label" -> yLabel = value;
                case "--out" -> out = value;
                default ->
                        throw new IllegalArgumentException("unknown option " + arg + "\n" + USAGE);
            }
        }
        if (kind == null || out == null || tsv == null) {
            throw new IllegalArgumentException(
                    "--kind, --out and a data file are required\n" + USAGE);
        }
        try (Reader reader = Files.newBufferedReader(Path.of(tsv), StandardCharsets.UTF_8)) {
            render(kind, title, xLabel, yLabel, reader, Path.of(out));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(tsv + ": " + e.getMessage(), e);
        }
    }

    /**
     * Draws the chart of a TSV table (the format above) as a {@code kind} ("line" or "bar") PNG at
     * {@code out}.
     */
    public static void render(
            String kind, String title, String xLabel, String yLabel, Reader tsv, Path out)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        ChartData data = ChartData.parseTsv(tsv);
        ChartLabels labels = new ChartLabels(title, xLabel, yLabel);
        Chart chart =
                switch (kind.toLowerCase(Locale.ROOT)) {
                    case "line" -> new LineChart(data, labels);
                    case "bar" -> new BarChart(data, labels);
                    default ->
                            throw new IllegalArgumentException(
                                    "--kind must be line or bar, not '" + kind + "'");
                };
        chart.write(out);
    }

    private static String message(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file: " + e.getMessage();
        }
        return e.getMessage();
    }
}
