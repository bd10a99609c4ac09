package dev.ferry.benchmarks.run;

import dev.ferry.benchmarks.report.ChartCommand;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A run's Markdown report: its header, its charts (PNG beside it) and the file itself. */
public final class Report {
    private final BenchRun run;

    public Report(BenchRun run) {
        this.run = run;
    }

    /** The title with the run's start time, what the table is, and the Machine section. */
    public String header(String title, String what) {
        return "# "
                + title
                + " ("
                + run.startedAt()
                + ")\n\n"
                + what
                + "\n"
                + "Every peer runs in this same run on this machine; compare the ratios, not the"
                + " absolute figures.\n\n"
                + MachineSection.of(run);
    }

    /**
     * Draws results/&lt;table&gt;/&lt;start&gt;-NAME.png from {@code tsv} (a header row, then one
     * row per category; see {@link ChartCommand}) as a {@code kind} ("line" or "bar") chart; the
     * Markdown line that shows it, or one that says why it was not drawn.
     */
    public String chart(
            String kind, String name, String title, String xLabel, String yLabel, String tsv) {
        Path out = run.resultsDir().resolve(run.startedAt() + "-" + name + ".png");
        try {
            Files.createDirectories(run.resultsDir());
            ChartCommand.render(kind, title, xLabel, yLabel, new StringReader(tsv), out);
            return "![" + title + "](" + out.getFileName() + ")";
        } catch (IOException | IllegalArgumentException e) {
            return "(chart " + name + " not drawn: " + e.getMessage() + ")";
        }
    }

    /** Writes the report to results/&lt;table&gt;/&lt;start&gt;.md and shows it. */
    public void write(String markdown) throws IOException {
        Files.createDirectories(run.resultsDir());
        Files.writeString(run.report(), markdown, StandardCharsets.UTF_8);
        System.out.println();
        System.out.println(markdown);
        Progress.say("report written to " + run.report());
    }
}
