package dev.ferry.benchmarks.run;

import java.util.ArrayList;
import java.util.List;

/**
 * A flag's blank-separated whole numbers, each within bounds ("4 8 16"), with the messages the
 * scripts' check_ints gave: the check every table's settings share.
 */
public final class WholeNumberList {
    private WholeNumberList() {}

    /**
     * The numbers of {@code text} in order (none for a blank text).
     *
     * @throws IllegalArgumentException naming {@code flag} when a word is not a whole number from
     *     {@code min} to {@code max}
     */
    public static List<Integer> parse(String flag, String text, int min, int max) {
        List<Integer> values = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return values;
        }
        for (String word : text.strip().split("\\s+")) {
            int value;
            try {
                value = word.matches("[0-9]+") ? Integer.parseInt(word) : Integer.MIN_VALUE;
            } catch (NumberFormatException e) {
                value = Integer.MIN_VALUE; // more digits than an int holds
            }
            if (value < min || value > max) {
                throw new IllegalArgumentException(
                        flag
                                + " must be whole numbers from "
                                + min
                                + " to "
                                + max
                                + ", got '"
                                + word
                                + "'");
            }
            values.add(value);
        }
        return values;
    }

    /** Like {@link #parse}, and a blank text is "FLAG is empty". */
    public static List<Integer> parseSome(String flag, String text, int min, int max) {
        List<Integer> values = parse(flag, text, min, max);
        if (values.isEmpty()) {
            throw new IllegalArgumentException(flag + " is empty");
        }
        return values;
    }
}
