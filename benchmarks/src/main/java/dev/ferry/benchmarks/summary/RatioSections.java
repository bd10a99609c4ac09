package dev.ferry.benchmarks.summary;

/**
 * What a report states as ratios: the body of every "## " section whose heading says "ratio",
 * without the headings and the blank lines before the first text.
 */
public final class RatioSections {
    private RatioSections() {}

    /** The ratio sections of a Markdown report, "" when it has none. */
    public static String of(String report) {
        StringBuilder body = new StringBuilder();
        boolean inside = false;
        for (String line : report.split("\n", -1)) {
            if (line.startsWith("## ")) {
                inside = line.toLowerCase(java.util.Locale.ROOT).contains("ratio");
                continue;
            }
            if (inside && (!body.isEmpty() || !line.isBlank())) {
                body.append(line).append('\n');
            }
        }
        return body.toString().stripTrailing();
    }
}
