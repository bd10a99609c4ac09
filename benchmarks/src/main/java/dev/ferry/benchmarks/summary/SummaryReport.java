package dev.ferry.benchmarks.summary;

import dev.ferry.benchmarks.report.TableRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * benchmarks/results/SUMMARY.md: a link to the latest report of each table, what this run did with
 * it, and the ratios each latest report states.
 */
public final class SummaryReport {
    private SummaryReport() {}

    /**
     * The summary's Markdown.
     *
     * @param results the results folder (the tables' folders are in it)
     * @param written the first paragraph: which command wrote it, when, and how
     * @param machine the Machine section of this run
     * @param outcomes table command to what this run did with it ("ran in 120 s", "FAILED …");
     *     tables without one were not run
     */
    public static String of(
            Path results, String written, String machine, Map<String, String> outcomes)
            throws IOException {
        StringBuilder text = new StringBuilder("# Benchmark suite: summary\n\n");
        text.append(written).append("\n\n").append(machine).append('\n');
        text.append("| table | this run | latest report |\n|---|---|---|\n");
        for (SuiteTable table : SuiteTable.ALL) {
            Optional<Path> latest = LatestReport.in(results.resolve(table.resultsFolder()));
            if (!table.runByAll() && latest.isEmpty()) {
                continue;
            }
            String outcome =
                    outcomes.getOrDefault(
                            table.command(), table.runByAll() ? "not run" : "not run by all");
            text.append(
                    TableRow.of(
                            table.title() + " (`ferry-bench " + table.command() + "`)",
                            outcome,
                            latest.map(report -> link(results, report)).orElse("none yet")));
        }
        text.append('\n');
        for (SuiteTable table : SuiteTable.ALL) {
            Optional<Path> latest = LatestReport.in(results.resolve(table.resultsFolder()));
            if (latest.isEmpty()) {
                continue;
            }
            String relative = results.relativize(latest.get()).toString();
            String ratios =
                    RatioSections.of(Files.readString(latest.get(), StandardCharsets.UTF_8));
            text.append("## ")
                    .append(table.title())
                    .append("\n\nFrom [")
                    .append(relative)
                    .append("](")
                    .append(relative)
                    .append("):\n\n")
                    .append(
                            ratios.isEmpty()
                                    ? "(this report has no section of ratios; see the report)"
                                    : ratios)
                    .append("\n\n");
        }
        return text.toString();
    }

    private static String link(Path results, Path report) {
        String relative = results.relativize(report).toString();
        return "[" + report.getFileName() + "](" + relative + ")";
    }
}
