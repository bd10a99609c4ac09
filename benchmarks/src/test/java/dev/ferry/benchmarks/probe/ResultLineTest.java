package dev.ferry.benchmarks.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ResultLineTest {
    @Test
    void printsPairsInTheOrderAdded() {
        assertThat(new ResultLine().put("b", 2).put("a", "x")).hasToString("b=2 a=x");
    }

    @Test
    void refusesValuesAScriptCouldNotSplit() {
        assertThatThrownBy(() -> new ResultLine().put("a", "two words"))
                .hasMessageContaining("non-empty word");
    }
}
