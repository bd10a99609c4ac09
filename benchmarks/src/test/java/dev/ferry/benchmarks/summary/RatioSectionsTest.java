package dev.ferry.benchmarks.summary;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RatioSectionsTest {
    @Test
    void everySectionWhoseHeadingSaysRatioWithoutItsHeading() {
        String report =
                String.join(
                        "\n",
                        "# Table 1 (2026-11-26T093140Z)",
                        "## Machine",
                        "- 2 cores",
                        "## Ratios",
                        "",
                        "| ratio | value |",
                        "| a ÷ b | 0.81× |",
                        "## Rows",
                        "| pipeline | rows/s |",
                        "## Apply ratio at a 1 GB heap",
                        "1.64×",
                        "");

        assertThat(RatioSections.of(report))
                .isEqualTo("| ratio | value |\n| a ÷ b | 0.81× |\n1.64×");
    }

    @Test
    void aReportWithoutRatiosHasNone() {
        assertThat(RatioSections.of("# T\n## Machine\n- 2 cores\n")).isEmpty();
    }
}
