package dev.ferry.benchmarks.incremental;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * What one incremental run measures: the live sweep over apply.workers and apply.batch-size, the
 * drains, and the data and load sizes, by --quick or --smoke unless a flag gives them.
 *
 * @param workers apply.workers of the live runs, at the largest batch
 * @param batches apply.batch-size of the live runs, at the live workers nearest 32
 * @param workloads sysbench workloads of the drains; the first is also the live one
 * @param drainWorkers workers (apply.workers, stock parallelism, ceiling connections) of the drains
 * @param liveSeconds sysbench's --time of a live run
 * @param drainSeconds sysbench's --time of a drain
 * @param rowsPerTable sysbench's rows in each of the 4 tables
 * @param threads sysbench's threads
 */
public record IncrementalPlan(
        List<Integer> workers,
        List<Integer> batches,
        List<String> workloads,
        List<Integer> drainWorkers,
        int liveSeconds,
        int drainSeconds,
        int rowsPerTable,
        int threads) {

    /** The sysbench workloads a drain can run. */
    static final Set<String> WORKLOADS = Set.of("oltp_insert", "oltp_write_only");

    /** A run's size: the full table, --quick or --smoke. */
    public enum Size {
        FULL,
        QUICK,
        SMOKE
    }

    /** The flags as given: null where a flag was not given. */
    public record Flags(
            String workers,
            String batchSizes,
            String workloads,
            String drainWorkers,
            Integer liveSeconds,
            Integer drainSeconds,
            Integer rowsPerTable,
            int threads) {}

    /**
     * The plan of a run of {@code size} with {@code flags} over its defaults, checked as
     * incremental.sh checked them.
     *
     * @throws IllegalArgumentException naming the flag whose value is out of bounds
     */
    public static IncrementalPlan of(Size size, Flags flags) {
        String workers = flags.workers();
        String batches = flags.batchSizes();
        String workloads = flags.workloads();
        String drainWorkers = flags.drainWorkers();
        Integer live = flags.liveSeconds();
        Integer drain = flags.drainSeconds();
        Integer rows = flags.rowsPerTable();
        switch (size) {
            case FULL -> {
                workers = or(workers, "4 8 16 32 64");
                batches = or(batches, "100 500 2000");
                workloads = or(workloads, "oltp_insert oltp_write_only");
                drainWorkers = or(drainWorkers, "32");
                live = or(live, 10);
                drain = or(drain, 20);
                rows = or(rows, 20_000);
            }
            case QUICK -> {
                workers = or(workers, "16");
                batches = or(batches, "2000");
                workloads = or(workloads, "oltp_insert");
                drainWorkers = or(drainWorkers, "16");
                live = or(live, 15);
                drain = or(drain, 10);
                rows = or(rows, 10_000);
            }
            case SMOKE -> {
                workers = or(workers, "4");
                batches = or(batches, "500");
                workloads = or(workloads, "oltp_insert");
                drainWorkers = or(drainWorkers, "4");
                live = or(live, 5);
                drain = or(drain, 5);
                rows = or(rows, 2_000);
            }
        }
        List<Integer> liveWorkers = WholeNumbers.parse("--workers", workers, 1, 64);
        List<Integer> drains = WholeNumbers.parse("--drain-workers", drainWorkers, 1, 64);
        List<Integer> sizes = WholeNumbers.parse("--batch-sizes", batches, 1, 20_000);
        WholeNumbers.parse(
                "--live-seconds/--drain-seconds/--threads",
                live + " " + drain + " " + flags.threads(),
                1,
                3600);
        WholeNumbers.one("--rows-per-table", rows, 100, 100_000_000);
        if (workloads.isBlank()) {
            throw new IllegalArgumentException(
                    "--workloads is empty: give oltp_insert and/or oltp_write_only");
        }
        List<String> names = List.of(workloads.strip().split("\\s+"));
        for (String name : names) {
            if (!WORKLOADS.contains(name)) {
                throw new IllegalArgumentException(
                        "--workloads: oltp_insert and/or oltp_write_only, not " + name);
            }
        }
        return new IncrementalPlan(
                liveWorkers, sizes, names, drains, live, drain, rows, flags.threads());
    }

    /** The largest batch size: that of every --workers live run, and of the drains. */
    public int batch() {
        return Collections.max(batches);
    }

    /** The live workers nearest 32 (the smaller of two as near), where the batch sweep runs. */
    public int batchWorkers() {
        return workers.stream()
                .min(
                        Comparator.<Integer>comparingInt(w -> (w - 32) * (w - 32))
                                .thenComparingInt(w -> w))
                .orElseThrow();
    }

    /**
     * The live sweep: every --workers at the largest batch, then every other batch at {@link
     * #batchWorkers}.
     */
    public List<SweepPoint> livePoints() {
        List<SweepPoint> points = new ArrayList<>();
        for (int w : workers) {
            points.add(new SweepPoint(w, batch()));
        }
        for (int b : batches) {
            if (b != batch()) {
                points.add(new SweepPoint(batchWorkers(), b));
            }
        }
        return points;
    }

    /** The live runs' workload: the first of --workloads. */
    public String liveWorkload() {
        return workloads.get(0);
    }

    /** The first --drain-workers: the drain chart's and the ceiling's connections. */
    public int firstDrainWorkers() {
        return drainWorkers.get(0);
    }

    private static String or(String given, String otherwise) {
        return given != null ? given : otherwise;
    }

    private static int or(Integer given, int otherwise) {
        return given != null ? given : otherwise;
    }
}
