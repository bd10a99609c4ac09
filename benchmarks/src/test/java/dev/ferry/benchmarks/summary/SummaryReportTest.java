package dev.ferry.benchmarks.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryReportTest {
    @TempDir Path results;

    @Test
    void linksEachLatestReportAndQuotesItsRatios() throws IOException {
        Files.createDirectories(results.resolve("import"));
        Files.writeString(results.resolve("import/2026-11-20T000000Z.md"), "## Ratios\nold\n");
        Files.writeString(
                results.resolve("import/2026-11-26T093140Z.md"),
                "## Ratios\n\n| a ÷ b | 0.81× |\n## Rows\nno\n");
        Files.createDirectories(results.resolve("apply-drain"));
        Files.writeString(
                results.resolve("apply-drain/2026-11-26T093811Z.md"), "## Drain\nno ratios\n");

        String summary =
                SummaryReport.of(
                        results,
                        "Written by `ferry-bench all --quick`.",
                        "## Machine\n\n- 2 cores\n",
                        Map.of("import", "ran in 120 s", "funnel", "FAILED after 3 s: no binlog"));

        assertThat(summary)
                .contains(
                        "| Table 1: full import (`ferry-bench import`) | ran in 120 s |"
                                + " [2026-11-26T093140Z.md](import/2026-11-26T093140Z.md) |")
                .contains(
                        "| Table 2: incremental replication (`ferry-bench incremental`) | not run | none yet |")
                .contains(
                        "| Table 3: funnel (`ferry-bench funnel`) | FAILED after 3 s: no binlog | none yet |")
                .contains(
                        "| Drains: apply from Kafka and whole pipeline (`ferry-bench drain`) | not run by all |")
                .contains(
                        "From [import/2026-11-26T093140Z.md](import/2026-11-26T093140Z.md):\n\n| a ÷ b | 0.81× |\n")
                .contains("(this report has no section of ratios; see the report)")
                .doesNotContain("old")
                .doesNotContain("Saga transfers");
    }
}
