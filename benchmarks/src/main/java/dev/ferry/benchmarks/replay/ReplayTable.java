package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.report.Figures;
import java.util.ArrayList;
import java.util.List;

/**
 * replay.sh's printed results: a progress line per replay, and at the end a Markdown table of every
 * replay and each build's means over the rounds.
 */
final class ReplayTable {
    private static final int RATE = 0;
    private static final int APPLY = 1;
    private static final int WITHOUT_JIT = 2;
    private static final int DOWNSTREAM = 3;

    private record Row(int round, JarVariant jar, ReplayFigures figures) {}

    private final List<JarVariant> jars;
    private final List<Row> rows = new ArrayList<>();
    private final BuildMeans means = new BuildMeans(4);

    ReplayTable(List<JarVariant> jars) {
        this.jars = List.copyOf(jars);
    }

    /** Adds replay {@code round} of build {@code build}; its progress line. */
    String add(int round, int build, ReplayFigures figures) {
        JarVariant jar = jars.get(build);
        rows.add(new Row(round, jar, figures));
        means.add(
                build,
                figures.steadyRate(),
                figures.applyMicrosPerChange(),
                figures.applyMicrosPerChangeWithoutJit(),
                figures.downstreamMicrosPerChange());
        return "round "
                + round
                + ", "
                + jar.label()
                + ": whole "
                + one(figures.wallSeconds())
                + "s, apply CPU "
                + one(figures.applyCpuSeconds())
                + "s; steady "
                + Figures.whole(figures.steadyRate())
                + " row changes/s, µs per change: apply "
                + two(figures.applyMicrosPerChange())
                + " ("
                + two(figures.applyMicrosPerChangeWithoutJit())
                + " without JIT), downstream "
                + two(figures.downstreamMicrosPerChange());
    }

    /** The table, one line per row. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(
                "| round | build | whole s | apply CPU s | steady row changes/s | steady apply µs"
                        + " per change | without JIT | steady downstream µs per change |");
        lines.add("|--:|---|--:|--:|--:|--:|--:|--:|");
        for (Row row : rows) {
            ReplayFigures f = row.figures();
            lines.add(
                    String.join(
                            " | ",
                            "| " + row.round(),
                            "`" + row.jar().display() + "`",
                            one(f.wallSeconds()),
                            one(f.applyCpuSeconds()),
                            Figures.whole(f.steadyRate()),
                            two(f.applyMicrosPerChange()),
                            two(f.applyMicrosPerChangeWithoutJit()),
                            two(f.downstreamMicrosPerChange()) + " |"));
        }
        for (int build = 0; build < jars.size(); build++) {
            lines.add(
                    "| mean | `"
                            + jars.get(build).display()
                            + "` | | | "
                            + String.join(
                                    " | ",
                                    Figures.whole(means.mean(build, RATE)),
                                    two(means.mean(build, APPLY)),
                                    two(means.mean(build, WITHOUT_JIT)),
                                    two(means.mean(build, DOWNSTREAM)))
                            + " |");
        }
        return lines;
    }

    private static String one(double value) {
        return Figures.oneDecimal(value);
    }

    private static String two(double value) {
        return Figures.twoDecimals(value);
    }
}
