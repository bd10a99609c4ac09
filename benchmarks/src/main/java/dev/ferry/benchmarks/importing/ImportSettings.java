package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.run.WholeNumber;
import dev.ferry.benchmarks.run.WholeNumberList;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The resolved settings of one import run: the data sizes, the sweeps, the pipelines' settings and
 * which pipelines run, checked as import.sh checked them. Sizes not given follow {@code --quick} /
 * {@code --smoke}: full 4 × 200,000 rows, sweeps on 4 × 50,000 over parallelism 2 4 8 16 32 64 and
 * rows per statement 300 … 7500; quick 4 × 25,000, sweeps 4 16 and 500 5000 on the same data; smoke
 * 4 × 5,000, no sweeps.
 *
 * @param size "full", "quick" or "smoke"
 * @param rows rows per table of the main data set
 * @param sweepRows rows per table of the sweeps' data set (= rows: the sweeps reuse the main data)
 * @param parallelism the sink parallelism sweep (empty: none)
 * @param statementRows the rows-per-statement sweep (empty: none)
 * @param workers apply.workers, stock parallelism, myloader threads, ceiling connections
 * @param batch apply.batch-size, stock flush rows, ceiling rows per statement
 * @param dumpThreads capture.parallelism and mydumper threads
 * @param pipelines the pipelines measured: ferry stock mydumper ceiling direct
 * @param directConnections the direct import probe's connections
 * @param tidb whether the downstream is TiDB
 */
public record ImportSettings(
        String size,
        int rows,
        int sweepRows,
        List<Integer> parallelism,
        List<Integer> statementRows,
        int workers,
        int batch,
        int dumpThreads,
        Set<String> pipelines,
        int directConnections,
        boolean tidb) {

    /** Every pipeline {@code --pipelines} can name. */
    public static final List<String> PIPELINES =
            List.of("ferry", "stock", "mydumper", "ceiling", "direct");

    /** The pipelines measured when {@code --pipelines} is not given. */
    public static final String DEFAULT_PIPELINES = "ferry stock mydumper ceiling";

    /** What the command line gave; null where a flag was not given. */
    public record Given(
            String size,
            boolean noSweeps,
            Integer rows,
            Integer sweepRows,
            String parallelism,
            String statementRows,
            int workers,
            int batch,
            int dumpThreads,
            String pipelines,
            Integer directConnections,
            boolean tidb) {}

    public ImportSettings {
        parallelism = List.copyOf(parallelism);
        statementRows = List.copyOf(statementRows);
        pipelines = Set.copyOf(pipelines);
    }

    /**
     * The settings of {@code given}, its sizes defaulted by its size.
     *
     * @throws IllegalArgumentException naming the flag, what it takes and what it got
     */
    public static ImportSettings of(Given given) {
        String parallelism;
        String statementRows;
        Integer rows = given.rows();
        Integer sweepRows = given.sweepRows();
        switch (given.size()) {
            case "smoke" -> {
                rows = rows == null ? 5000 : rows;
                sweepRows = sweepRows == null ? rows : sweepRows;
                parallelism = orElse(given.parallelism(), "");
                statementRows = orElse(given.statementRows(), "");
            }
            case "quick" -> {
                rows = rows == null ? 25000 : rows;
                sweepRows = sweepRows == null ? rows : sweepRows;
                parallelism = orElse(given.parallelism(), "4 16");
                statementRows = orElse(given.statementRows(), "500 5000");
            }
            case "full" -> {
                rows = rows == null ? 200000 : rows;
                sweepRows = sweepRows == null ? 50000 : sweepRows;
                parallelism = orElse(given.parallelism(), "2 4 8 16 32 64");
                statementRows = orElse(given.statementRows(), "300 600 1250 2500 5000 7500");
            }
            default -> throw new IllegalArgumentException("unknown size " + given.size());
        }
        if (given.noSweeps()) {
            parallelism = "";
            statementRows = "";
        }
        List<Integer> parallelismSweep = ints("--parallelism", parallelism, 1, 64, true);
        List<Integer> statementSweep = ints("--rows-per-statement", statementRows, 1, 20000, true);
        if (parallelismSweep.isEmpty() && statementSweep.isEmpty()) {
            sweepRows = rows; // no sweeps: no sweep data set
        }
        WholeNumber.inRangeQuoted("--rows-per-table", rows, 100, 100_000_000);
        WholeNumber.inRangeQuoted("--sweep-rows-per-table", sweepRows, 100, 100_000_000);
        WholeNumber.inRangeQuoted("--workers", given.workers(), 1, 64);
        WholeNumber.inRangeQuoted("--batch-size", given.batch(), 1, 20000);
        WholeNumber.inRangeQuoted("--dump-threads", given.dumpThreads(), 1, 20000);
        Set<String> pipelines = new LinkedHashSet<>();
        for (String pipeline : words(given.pipelines())) {
            if (!PIPELINES.contains(pipeline)) {
                throw new IllegalArgumentException(
                        "--pipelines takes ferry stock mydumper ceiling direct, got '"
                                + pipeline
                                + "'");
            }
            pipelines.add(pipeline);
        }
        int directConnections =
                given.directConnections() == null ? given.workers() : given.directConnections();
        WholeNumber.inRangeQuoted("--direct-connections", directConnections, 1, 256);
        if (directConnections % given.dumpThreads() != 0) {
            throw new IllegalArgumentException(
                    "--direct-connections ("
                            + directConnections
                            + ") must be a multiple of --dump-threads ("
                            + given.dumpThreads()
                            + ")");
        }
        return new ImportSettings(
                given.size(),
                rows,
                sweepRows,
                parallelismSweep,
                statementSweep,
                given.workers(),
                given.batch(),
                given.dumpThreads(),
                pipelines,
                directConnections,
                given.tidb());
    }

    /** Whether {@code pipeline} is measured in this run. */
    public boolean runs(String pipeline) {
        return pipelines.contains(pipeline);
    }

    /** Whether any sweep runs. */
    public boolean sweeps() {
        return !parallelism.isEmpty() || !statementRows.isEmpty();
    }

    /** Whether the sweeps have a data set of their own (their rows differ from the main one's). */
    public boolean sweepsOnOwnData() {
        return sweepRows != rows;
    }

    /**
     * mydumper's --statement-size (bytes) for about {@code rows} rows per INSERT: sysbench rows
     * take about 200 bytes in a statement; the rows actually loaded per statement are measured.
     */
    public static int statementBytes(int rows) {
        return rows * 200;
    }

    /** mydumper's --statement-size for {@link #batch} rows per INSERT. */
    public int dumperBytes() {
        return statementBytes(batch);
    }

    /** The command that ran, as the report names it: the flags that shape the tables. */
    public String command() {
        StringBuilder command = new StringBuilder("benchmarks/ferry-bench import");
        if (!size.equals("full")) {
            command.append(" --").append(size);
        }
        if (!size.equals("smoke") && !sweeps()) {
            command.append(" --no-sweeps");
        }
        if (tidb) {
            command.append(" --downstream tidb");
        }
        return command.toString();
    }

    private static String orElse(String given, String fallback) {
        return given == null ? fallback : given;
    }

    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        for (String word : text.trim().split("\\s+")) {
            if (!word.isEmpty()) {
                words.add(word);
            }
        }
        return words;
    }

    /**
     * The whole numbers of {@code list} (blank-separated), each from {@code min} to {@code max}; an
     * empty list only where {@code emptyAllowed}.
     */
    static List<Integer> ints(String flag, String list, int min, int max, boolean emptyAllowed) {
        List<Integer> values = WholeNumberList.parse(flag, list, min, max);
        if (values.isEmpty() && !emptyAllowed) {
            throw new IllegalArgumentException(flag + " is empty");
        }
        return values;
    }
}
