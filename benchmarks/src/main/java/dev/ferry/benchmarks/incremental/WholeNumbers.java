package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.run.WholeNumberList;
import java.util.List;

/**
 * A flag's space-separated whole numbers, each within bounds: what incremental.sh's check_ints
 * accepted ("4 8 16"), with the same messages.
 */
final class WholeNumbers {
    private WholeNumbers() {}

    /**
     * The numbers of {@code text}, in order.
     *
     * @throws IllegalArgumentException naming {@code flag} when the text is empty or a word is not
     *     a whole number from {@code min} to {@code max}
     */
    static List<Integer> parse(String flag, String text, int min, int max) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(flag + " is empty: give one or more numbers");
        }
        return List.copyOf(WholeNumberList.parse(flag, text, min, max));
    }

    /** One whole number from {@code min} to {@code max}, or the same error as {@link #parse}. */
    static int one(String flag, int value, int min, int max) {
        return parse(flag, Integer.toString(value), min, max).get(0);
    }
}
