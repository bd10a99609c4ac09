package dev.ferry.benchmarks.drain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TablesAxisTest {
    @Test
    void handsOnTheArgumentsAfterTheSubcommandAsGiven() {
        assertThat(
                        TablesAxis.argumentsAfter(
                                List.of(
                                        "drain",
                                        "--quick",
                                        "--tables",
                                        "4 400",
                                        "--idle-seconds",
                                        "5"),
                                "drain"))
                .containsExactly("--quick", "--tables", "4 400", "--idle-seconds", "5");
        assertThat(TablesAxis.argumentsAfter(List.of("drain"), "drain")).isEmpty();
    }
}
