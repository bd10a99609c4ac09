package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayTableTest {
    private static final JarVariant OLD = JarVariant.parse("/b/old.jar");
    private static final JarVariant NEW = JarVariant.parse("/b/new.jar");

    @Test
    void theProgressLineHasTheWholeAndTheSteadyFigures() {
        ReplayTable table = new ReplayTable(List.of(OLD, NEW));
        assertThat(table.add(2, 1, new ReplayFigures(31.26, 40.04, 71234.4, 12.346, 3.2, 9.999)))
                .isEqualTo(
                        "round 2, new.jar: whole 31.3s, apply CPU 40.0s; steady 71,234 row"
                                + " changes/s, µs per change: apply 12.35 (10.00 without JIT),"
                                + " downstream 3.20");
    }

    @Test
    void theTableHasEveryReplayAndEachBuildsMeans() {
        ReplayTable table = new ReplayTable(List.of(OLD, NEW));
        table.add(1, 0, new ReplayFigures(30, 40, 70_000, 12, 3, 10));
        table.add(1, 1, new ReplayFigures(29, 38, 80_000, 11, 3, 9));
        table.add(2, 0, new ReplayFigures(32, 42, 60_000, 14, 5, 12));
        table.add(2, 1, new ReplayFigures(28, 36, 90_000, 10, 4, 8));
        assertThat(table.lines())
                .containsExactly(
                        "| round | build | whole s | apply CPU s | steady row changes/s | steady"
                                + " apply µs per change | without JIT | steady downstream µs per"
                                + " change |",
                        "|--:|---|--:|--:|--:|--:|--:|--:|",
                        "| 1 | `/b/old.jar` | 30.0 | 40.0 | 70,000 | 12.00 | 10.00 | 3.00 |",
                        "| 1 | `/b/new.jar` | 29.0 | 38.0 | 80,000 | 11.00 | 9.00 | 3.00 |",
                        "| 2 | `/b/old.jar` | 32.0 | 42.0 | 60,000 | 14.00 | 12.00 | 5.00 |",
                        "| 2 | `/b/new.jar` | 28.0 | 36.0 | 90,000 | 10.00 | 8.00 | 4.00 |",
                        "| mean | `/b/old.jar` | | | 65,000 | 13.00 | 11.00 | 4.00 |",
                        "| mean | `/b/new.jar` | | | 85,000 | 10.50 | 8.50 | 3.50 |");
    }

    @Test
    void aFigureTheWindowCouldNotGiveIsADash() {
        ReplayTable table = new ReplayTable(List.of(OLD));
        table.add(1, 0, new ReplayFigures(1, 1, Double.NaN, Double.NaN, Double.NaN, Double.NaN));
        assertThat(table.lines().get(2))
                .isEqualTo("| 1 | `/b/old.jar` | 1.0 | 1.0 | — | — | — | — |");
    }
}
