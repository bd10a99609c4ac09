package dev.ferry.benchmarks.replay;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.report.Ratio;
import java.util.ArrayList;
import java.util.List;

/**
 * capture-replay.sh's results: a progress line per capture, and the Markdown section appended to
 * results/capture-replay/&lt;start&gt;.md: every capture, each build's means (and without the JIT's
 * share), and each later build's ratios to the first.
 */
final class CaptureReplayTable {
    private static final int SNAPSHOT = 0;
    private static final int SNAPSHOT_WITHOUT_JIT = 1;
    private static final int BINLOG = 2;
    private static final int BINLOG_WITHOUT_JIT = 3;
    private static final int BROKER = 4;

    private record Row(int round, JarVariant jar, CaptureFigures figures) {}

    private final List<JarVariant> jars;
    private final List<Row> rows = new ArrayList<>();
    private final BuildMeans means = new BuildMeans(5);

    CaptureReplayTable(List<JarVariant> jars) {
        this.jars = List.copyOf(jars);
    }

    /** Adds capture {@code round} of build {@code build}; its progress line. */
    String add(int round, int build, CaptureFigures f) {
        JarVariant jar = jars.get(build);
        rows.add(new Row(round, jar, f));
        means.add(
                build,
                f.snapshotMicrosPerRow(),
                f.snapshotMicrosPerRow() - f.snapshotJitMicros(),
                f.binlogMicrosPerChange(),
                f.binlogMicrosPerChange() - f.binlogJitMicros(),
                f.brokerMicrosPerChange());
        return "round "
                + round
                + ", "
                + jar.label()
                + ": snapshot "
                + one(f.snapshotSeconds())
                + " s, "
                + one(f.snapshotMicrosPerRow())
                + " µs/row; binlog "
                + f.changes()
                + " changes in "
                + one(f.binlogSeconds())
                + " s, "
                + one(f.binlogMicrosPerChange())
                + " µs/change, broker "
                + one(f.brokerMicrosPerChange())
                + " µs/change";
    }

    /** The section: its title line (with the run's start and settings), the table and the load. */
    String markdown(String startedAt, CaptureReplaySettings settings, String loadAverage) {
        List<String> lines = new ArrayList<>();
        lines.add(
                "# Capture A/B ("
                        + startedAt
                        + "): "
                        + settings.workload()
                        + ", "
                        + CaptureReplaySettings.TABLES
                        + " x "
                        + settings.rowsPerTable()
                        + " rows, "
                        + settings.seconds()
                        + "s x "
                        + settings.threads()
                        + " threads, "
                        + settings.rounds()
                        + " rounds");
        lines.add("");
        lines.add(
                "| round | build | snapshot s | snapshot capture µs/row (JIT, GC) | binlog s |"
                        + " binlog capture µs/change (JIT, GC) | binlog broker µs/change | changes |");
        lines.add("|--:|---|--:|--:|--:|--:|--:|--:|");
        for (Row row : rows) {
            CaptureFigures f = row.figures();
            lines.add(
                    "| "
                            + row.round()
                            + " | `"
                            + row.jar().label()
                            + "` | "
                            + one(f.snapshotSeconds())
                            + " | "
                            + withShares(
                                    f.snapshotMicrosPerRow(),
                                    f.snapshotJitMicros(),
                                    f.snapshotGcMicros())
                            + " | "
                            + one(f.binlogSeconds())
                            + " | "
                            + withShares(
                                    f.binlogMicrosPerChange(),
                                    f.binlogJitMicros(),
                                    f.binlogGcMicros())
                            + " | "
                            + one(f.brokerMicrosPerChange())
                            + " | "
                            + f.changes()
                            + " |");
        }
        for (int build = 0; build < jars.size(); build++) {
            lines.add(
                    "| mean (without JIT) | `"
                            + jars.get(build).label()
                            + "` | | "
                            + one(means.mean(build, SNAPSHOT))
                            + " ("
                            + one(means.mean(build, SNAPSHOT_WITHOUT_JIT))
                            + ") | | "
                            + one(means.mean(build, BINLOG))
                            + " ("
                            + one(means.mean(build, BINLOG_WITHOUT_JIT))
                            + ") | "
                            + one(means.mean(build, BROKER))
                            + " | |");
            if (build > 0) {
                lines.add(
                        "| ratio to `"
                                + jars.get(0).label()
                                + "` | | | "
                                + ratio(build, SNAPSHOT)
                                + " ("
                                + ratio(build, SNAPSHOT_WITHOUT_JIT)
                                + ") | | "
                                + ratio(build, BINLOG)
                                + " ("
                                + ratio(build, BINLOG_WITHOUT_JIT)
                                + ") | "
                                + ratio(build, BROKER)
                                + " | |");
            }
        }
        lines.add("");
        lines.add("Load: " + loadAverage);
        return String.join("\n", lines) + "\n";
    }

    private String ratio(int build, int figure) {
        return Ratio.text(means.mean(build, figure), means.mean(0, figure));
    }

    private static String withShares(double micros, double jit, double gc) {
        return one(micros) + " (" + one(jit) + ", " + one(gc) + ")";
    }

    private static String one(double value) {
        return Figures.oneDecimal(value);
    }
}
