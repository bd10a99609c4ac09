package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.run.WholeNumberList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What one drain table measures: the workloads, pipelines and workers values it crosses, and the
 * size of each run (sysbench seconds and threads, rows per table, the pipelines' batch).
 *
 * @param workloads sysbench workloads, in order (oltp_insert, oltp_write_only)
 * @param pipelines transaction, row (ferry's apply.consistency) and stock, in the order they take
 *     turns at each workers value
 * @param workers ferry's apply.workers and the stock pipeline's parallelism, in order
 * @param batch ferry's apply.batch-size and the stock pipeline's sink.buffer-flush.max-rows
 * @param seconds of sysbench run while the pipeline (or its apply) is paused
 * @param rowsPerTable rows sysbench prepares in each of the 4 tables
 * @param threads sysbench's threads
 * @param profile whether one more ferry transaction drain runs under Java Flight Recorder
 * @param sizeFlag the size flag the run was given ("--quick", "--smoke" or ""), for the report
 */
public record DrainSettings(
        List<String> workloads,
        List<String> pipelines,
        List<Integer> workers,
        int batch,
        int seconds,
        int rowsPerTable,
        int threads,
        boolean profile,
        String sizeFlag) {

    /** The sysbench tables every run prepares. */
    public static final int TABLES = 4;

    static final Set<String> PIPELINES = Set.of("transaction", "row", "stock");
    static final Set<String> WORKLOADS = Set.of("oltp_insert", "oltp_write_only");

    /** Defaults of a run's size, where the flags leave them out. */
    public enum Size {
        /** The full table: workers 1 4 8 16 32, 40 s, 20,000 rows per table. */
        FULL("", "1 4 8 16 32", 40, 20_000, "oltp_insert oltp_write_only"),
        /** --quick: workers 4 16, 15 s, 10,000 rows per table. */
        QUICK("--quick", "4 16", 15, 10_000, "oltp_insert oltp_write_only"),
        /** --smoke (CI): oltp_write_only only, workers 4, 5 s, 1,000 rows per table. */
        SMOKE("--smoke", "4", 5, 1_000, "oltp_write_only");

        final String flag;
        final String workers;
        final int seconds;
        final int rowsPerTable;
        final String workloads;

        Size(String flag, String workers, int seconds, int rowsPerTable, String workloads) {
            this.flag = flag;
            this.workers = workers;
            this.seconds = seconds;
            this.rowsPerTable = rowsPerTable;
            this.workloads = workloads;
        }
    }

    public DrainSettings {
        workloads = List.copyOf(workloads);
        pipelines = List.copyOf(pipelines);
        workers = List.copyOf(workers);
    }

    /**
     * The settings from the flags as given (null where a flag was left out, lists as one
     * space-separated word list each) and the size's defaults.
     *
     * @throws IllegalArgumentException naming the flag, what it takes and what it got
     */
    public static DrainSettings of(
            Size size,
            String workers,
            String pipelines,
            String workloads,
            int batch,
            Integer seconds,
            Integer rowsPerTable,
            int threads,
            boolean profile) {
        List<String> pipelineList = words("--pipelines", pipelines);
        for (String pipeline : pipelineList) {
            if (!PIPELINES.contains(pipeline)) {
                throw new IllegalArgumentException(
                        "--pipelines takes transaction, row and stock, got '" + pipeline + "'");
            }
        }
        List<String> workloadList =
                words("--workloads", workloads == null ? size.workloads : workloads);
        for (String workload : workloadList) {
            if (!WORKLOADS.contains(workload)) {
                throw new IllegalArgumentException(
                        "--workloads takes oltp_insert and oltp_write_only, got '"
                                + workload
                                + "'");
            }
        }
        List<Integer> workerList =
                WholeNumberList.parse(
                        "--workers",
                        String.join(
                                " ", words("--workers", workers == null ? size.workers : workers)),
                        1,
                        64);
        return new DrainSettings(
                workloadList,
                pipelineList,
                workerList,
                positive("--batch-size", batch),
                positive("--seconds", seconds == null ? size.seconds : seconds),
                positive(
                        "--rows-per-table",
                        rowsPerTable == null ? size.rowsPerTable : rowsPerTable),
                positive("--threads", threads),
                profile,
                size.flag);
    }

    /** Rows of all 4 tables together, as the snapshot copies them. */
    public long totalRows() {
        return (long) rowsPerTable * TABLES;
    }

    /** How many runs the matrix holds (the profile run not counted). */
    public int runs() {
        return workloads.size() * workers.size() * pipelines.size();
    }

    /** The most workers given: the profile run's. */
    public int mostWorkers() {
        return workers.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    /** The last workload given: the profile run's. */
    public String lastWorkload() {
        return workloads.get(workloads.size() - 1);
    }

    private static List<String> words(String flag, String list) {
        List<String> words =
                list == null
                        ? List.of()
                        : Arrays.stream(list.trim().split("\\s+"))
                                .filter(word -> !word.isEmpty())
                                .toList();
        if (words.isEmpty()) {
            throw new IllegalArgumentException(flag + " is empty: give at least one value");
        }
        return words;
    }

    private static int positive(String flag, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(flag + " must be at least 1, got " + value);
        }
        return value;
    }
}
