package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.run.WholeNumber;
import dev.ferry.benchmarks.run.WholeNumberList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The resolved settings of a load run: the flags given, else the size's defaults, checked as
 * benchmarks/load.sh checked them (whole numbers in range, known workloads, durations).
 */
public record LoadSettings(
        List<Integer> levels,
        int seconds,
        List<String> workloads,
        List<Integer> sizes,
        int smallMb,
        int threads,
        List<CheckpointInterval> intervals,
        int rounds,
        int idleSeconds,
        boolean levelsOn,
        boolean largeOn) {
    /** sysbench tables, rows per table, apply workers and batch, and the apply's heap. */
    public static final int TABLES = 4;

    public static final int ROWS = 10_000;
    public static final int WORKERS = 16;
    public static final int BATCH = 2000;
    public static final String APPLY_HEAP = "512m";

    private static final Set<String> WORKLOADS = Set.of("oltp_write_only", "oltp_insert");

    /** The flags as given (null: not given). */
    public record Flags(
            String levels,
            Integer seconds,
            String workloads,
            String sizes,
            Integer smallMb,
            int threads,
            String checkpointIntervals,
            int rounds,
            int idleSeconds,
            boolean noLevels,
            boolean noLarge) {}

    public LoadSettings {
        levels = List.copyOf(levels);
        workloads = List.copyOf(workloads);
        sizes = List.copyOf(sizes);
        intervals = List.copyOf(intervals);
    }

    /** The flags over the size's defaults; an IllegalArgumentException names a bad value. */
    public static LoadSettings of(LoadSize size, Flags flags) {
        List<Integer> levels =
                WholeNumberList.parseSome(
                        "--levels",
                        flags.levels() != null ? flags.levels() : size.levels(),
                        1,
                        400);
        int seconds =
                WholeNumber.inRange(
                        "--seconds",
                        flags.seconds() != null ? flags.seconds() : size.seconds(),
                        8,
                        3600);
        List<String> workloads =
                words(flags.workloads() != null ? flags.workloads() : size.workloads());
        if (workloads.isEmpty()) {
            throw new IllegalArgumentException("--workloads is empty");
        }
        for (String workload : workloads) {
            if (!WORKLOADS.contains(workload)) {
                throw new IllegalArgumentException(
                        "--workloads: '" + workload + "' is not oltp_write_only or oltp_insert");
            }
        }
        List<Integer> sizes =
                WholeNumberList.parseSome(
                        "--sizes", flags.sizes() != null ? flags.sizes() : size.sizes(), 1, 20000);
        int smallMb =
                WholeNumber.inRange(
                        "--small-mb",
                        flags.smallMb() != null ? flags.smallMb() : size.smallMb(),
                        1,
                        20000);
        int threads = WholeNumber.inRange("--threads", flags.threads(), 1, 256);
        int rounds = WholeNumber.inRange("--rounds", flags.rounds(), 1, 20);
        int idle = WholeNumber.inRange("--idle-seconds", flags.idleSeconds(), 1, 600);
        List<CheckpointInterval> intervals = new ArrayList<>();
        if (flags.checkpointIntervals() != null) {
            for (String word : words(flags.checkpointIntervals())) {
                intervals.add(CheckpointInterval.parse(word));
            }
        }
        if (intervals.isEmpty()) {
            intervals.add(CheckpointInterval.DEFAULT);
        }
        return new LoadSettings(
                levels,
                seconds,
                workloads,
                sizes,
                smallMb,
                threads,
                intervals,
                rounds,
                idle,
                !flags.noLevels(),
                !flags.noLarge());
    }

    /** Whether intervals are compared (several, or several rounds): the interval section. */
    public boolean compareIntervals() {
        return intervals.size() > 1 || rounds > 1;
    }

    /** The burst's seconds at full speed that set the 100% level. */
    public int calibrateSeconds() {
        return seconds / 2;
    }

    /** The start of a level left out of its steady window. */
    public int warmSeconds() {
        return seconds / 4;
    }

    /**
     * The intervals in the order round {@code round} (from 1) takes them: even rounds reversed, so
     * that a drift of the machine's other work over the run weighs on every interval alike.
     */
    public List<CheckpointInterval> roundIntervals(int round) {
        List<CheckpointInterval> order = new ArrayList<>(intervals);
        if (round % 2 == 0) {
            Collections.reverse(order);
        }
        return order;
    }

    public int lowestLevel() {
        return Collections.min(levels);
    }

    public int highestLevel() {
        return Collections.max(levels);
    }

    public int largestSize() {
        return Collections.max(sizes);
    }

    /** The levels as the report lists them: "25 50 100". */
    public static String spaced(List<?> values) {
        StringBuilder text = new StringBuilder();
        for (Object value : values) {
            text.append(text.isEmpty() ? "" : " ").append(value);
        }
        return text.toString();
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
}
