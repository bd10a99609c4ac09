package dev.ferry.benchmarks.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WholeNumberListTest {
    @Test
    void theNumbersInOrderWithinBounds() {
        assertThat(WholeNumberList.parse("--workers", " 4  8 16 ", 1, 64))
                .containsExactly(4, 8, 16);
        assertThat(WholeNumberList.parse("--workers", " ", 1, 64)).isEmpty();
    }

    @Test
    void aWordOutOfBoundsOrNotAWholeNumberIsNamed() {
        for (String word : new String[] {"65", "0", "-4", "4.5", "x", "99999999999"}) {
            assertThatThrownBy(() -> WholeNumberList.parse("--workers", "4 " + word, 1, 64))
                    .hasMessage("--workers must be whole numbers from 1 to 64, got '" + word + "'");
        }
    }

    @Test
    void someMeansAtLeastOne() {
        assertThatThrownBy(() -> WholeNumberList.parseSome("--levels", "", 1, 100))
                .hasMessage("--levels is empty");
    }
}
