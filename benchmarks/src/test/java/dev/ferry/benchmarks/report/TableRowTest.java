package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TableRowTest {
    @Test
    void cellsStandBetweenPipesAndTheRowEndsItsLine() {
        assertThat(TableRow.of("ferry", 16, "12,891")).isEqualTo("| ferry | 16 | 12,891 |\n");
    }

    @Test
    void anEmptyCellKeepsItsPlace() {
        assertThat(TableRow.of("", "—")).isEqualTo("|  | — |\n");
    }

    @Test
    void slashedFiguresShareOneCell() {
        assertThat(TableRow.of("p50 / p95", TableRow.slashed("74", "7", "30")))
                .isEqualTo("| p50 / p95 | 74 / 7 / 30 |\n");
    }
}
