package dev.ferry.benchmarks.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A tab-separated file with a header row, as the probes write it, read as numbers. A last line cut
 * short by a probe being killed mid-write is ignored.
 */
public final class Tsv {
    private final List<String> header;
    private final List<double[]> rows;

    private Tsv(List<String> header, List<double[]> rows) {
        this.header = header;
        this.rows = rows;
    }

    public static Tsv read(Path file) throws IOException {
        return parse(Files.readAllLines(file));
    }

    public static Tsv parse(List<String> lines) {
        if (lines.isEmpty()) {
            throw new IllegalArgumentException("a TSV file needs a header row");
        }
        List<String> header = Arrays.asList(lines.get(0).split("\t"));
        List<double[]> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split("\t");
            if (cells.length != header.size()) {
                continue;
            }
            double[] row = new double[cells.length];
            try {
                for (int i = 0; i < cells.length; i++) {
                    row[i] = Double.parseDouble(cells[i]);
                }
            } catch (NumberFormatException cutShort) {
                continue;
            }
            rows.add(row);
        }
        return new Tsv(header, rows);
    }

    /** The values of one column, in file order. */
    public double[] column(String name) {
        int index = header.indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException("no column '" + name + "' in " + header);
        }
        return rows.stream().mapToDouble(row -> row[index]).toArray();
    }
}
