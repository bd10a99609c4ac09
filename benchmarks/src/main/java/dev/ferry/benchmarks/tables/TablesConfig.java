package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.run.WholeNumber;
import dev.ferry.benchmarks.run.WholeNumberList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The resolved settings of a many-tables run: the table counts measured in turn, the rows spread
 * over each, the drain's sysbench seconds and threads, the idle time, the topic layout, which
 * pipelines run, the stock pipeline's parallelism, and where Flight Recordings go (null: none).
 * Built by {@link Builder}, which fills in the sizes of {@code --quick}, {@code --smoke} or the
 * full table for what was not given and checks every value as tables.sh did.
 */
public record TablesConfig(
        List<Integer> tableCounts,
        int rows,
        int seconds,
        int idleSeconds,
        int threads,
        TopicLayout layout,
        boolean ferry,
        boolean stock,
        int stockParallelism,
        Path jfrDir) {

    /** The size of a run: the full table, --quick or --smoke. */
    public enum Size {
        FULL,
        QUICK,
        SMOKE
    }

    private static final int MAX_TABLES = 5000;
    private static final int MAX_VALUE = 100_000_000;

    public TablesConfig {
        tableCounts = List.copyOf(tableCounts);
    }

    public static Builder builder(Size size) {
        return new Builder(size);
    }

    /** The table counts as the report's title and tables.sh's --tables name them: "4 400". */
    public String tableCountsText() {
        return String.join(" ", tableCounts.stream().map(String::valueOf).toList());
    }

    /** Rows in each table at {@code tables} tables (the rows split evenly, the rest left out). */
    public int rowsPerTable(int tables) {
        return rows / tables;
    }

    /**
     * The values given (null: the size's default) and their checks; the messages name the flag and
     * what it takes.
     */
    public static final class Builder {
        private final Size size;
        private String tables;
        private Integer rows;
        private Integer seconds;
        private Integer idleSeconds;
        private int threads = 8;
        private String layout = "database";
        private String pipelines = "ferry stock";
        private int stockParallelism = 2;
        private Path jfrDir;

        private Builder(Size size) {
            this.size = size;
        }

        /** The table counts, separated by spaces: "4 400 1000". */
        public Builder tables(String tables) {
            this.tables = tables;
            return this;
        }

        public Builder rows(Integer rows) {
            this.rows = rows;
            return this;
        }

        public Builder seconds(Integer seconds) {
            this.seconds = seconds;
            return this;
        }

        public Builder idleSeconds(Integer idleSeconds) {
            this.idleSeconds = idleSeconds;
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        /** database or table. */
        public Builder topicLayout(String layout) {
            this.layout = layout;
            return this;
        }

        /** The pipelines, separated by spaces: "ferry stock", "ferry" or "stock". */
        public Builder pipelines(String pipelines) {
            this.pipelines = pipelines;
            return this;
        }

        public Builder stockParallelism(int stockParallelism) {
            this.stockParallelism = stockParallelism;
            return this;
        }

        /** Where the Flight Recordings go (created if missing); null for none. */
        public Builder jfrDir(Path jfrDir) {
            this.jfrDir = jfrDir;
            return this;
        }

        /**
         * The settings; fails naming the flag when a value is out of range or a table count would
         * get no row.
         */
        public TablesConfig build() {
            TablesConfig defaults =
                    switch (size) {
                        case FULL -> sized(List.of(4, 400, 1000), 200_000, 30, 20);
                        case QUICK -> sized(List.of(4, 400), 40_000, 10, 10);
                        case SMOKE -> sized(List.of(4, 40), 4_000, 5, 5);
                    };
            List<Integer> counts =
                    tables == null
                            ? defaults.tableCounts
                            : WholeNumberList.parseSome("--tables", tables, 1, MAX_TABLES);
            int chosenRows = rows == null ? defaults.rows : rows;
            int chosenSeconds = seconds == null ? defaults.seconds : seconds;
            int chosenIdle = idleSeconds == null ? defaults.idleSeconds : idleSeconds;
            WholeNumber.inRange("--rows", chosenRows, 1, MAX_VALUE);
            WholeNumber.inRange("--seconds", chosenSeconds, 1, MAX_VALUE);
            WholeNumber.inRange("--idle-seconds", chosenIdle, 1, MAX_VALUE);
            WholeNumber.inRange("--threads", threads, 1, MAX_VALUE);
            WholeNumber.inRange("--stock-parallelism", stockParallelism, 1, 16);
            int most = counts.stream().mapToInt(Integer::intValue).max().orElse(1);
            if (chosenRows < most) {
                throw new IllegalArgumentException(
                        "--rows "
                                + chosenRows
                                + " gives "
                                + most
                                + " tables no row: pass at least --rows "
                                + most
                                + " or fewer --tables");
            }
            boolean ferry = false;
            boolean stock = false;
            String[] names = pipelines.strip().split("\\s+");
            for (String name : names) {
                switch (name) {
                    case "ferry" -> ferry = true;
                    case "stock" -> stock = true;
                    default ->
                            throw new IllegalArgumentException(
                                    "--pipelines takes ferry and stock, separated by spaces, got '"
                                            + name
                                            + "'");
                }
            }
            if (jfrDir != null) {
                try {
                    Files.createDirectories(jfrDir);
                } catch (IOException e) {
                    throw new IllegalArgumentException(
                            "--jfr " + jfrDir + ": cannot create the folder (" + e + ")", e);
                }
            }
            return new TablesConfig(
                    counts,
                    chosenRows,
                    chosenSeconds,
                    chosenIdle,
                    threads,
                    TopicLayout.of(layout),
                    ferry,
                    stock,
                    stockParallelism,
                    jfrDir == null ? null : jfrDir.toAbsolutePath());
        }

        private static TablesConfig sized(
                List<Integer> counts, int rows, int seconds, int idleSeconds) {
            return new TablesConfig(
                    counts,
                    rows,
                    seconds,
                    idleSeconds,
                    0,
                    TopicLayout.DATABASE,
                    true,
                    true,
                    0,
                    null);
        }
    }
}
