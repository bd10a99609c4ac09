package dev.ferry.benchmarks.incremental;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WholeNumbersTest {
    @Test
    void readsSpaceSeparatedNumbersInOrder() {
        assertThat(WholeNumbers.parse("--workers", " 4  8 16 ", 1, 64)).containsExactly(4, 8, 16);
    }

    @Test
    void refusesWordsThatAreNotWholeNumbersWithinBounds() {
        for (String bad : new String[] {"4 x", "-1", "1.5", "99999999999", "65"}) {
            assertThatThrownBy(() -> WholeNumbers.parse("--workers", bad, 1, 64))
                    .as(bad)
                    .hasMessageStartingWith("--workers must be whole numbers from 1 to 64, got '");
        }
        assertThatThrownBy(() -> WholeNumbers.parse("--workers", "  ", 1, 64))
                .hasMessageContaining("--workers is empty");
    }
}
