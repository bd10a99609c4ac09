package dev.ferry.benchmarks.run;

/**
 * A flag's one whole number within bounds, with the message the scripts' checks gave: "--FLAG must
 * be a whole number from MIN to MAX, got V" (import.sh and replay.sh quoted V, the others did not).
 */
public final class WholeNumber {
    private WholeNumber() {}

    /** {@code value}, or a failure "FLAG must be a whole number from MIN to MAX, got V". */
    public static int inRange(String flag, int value, int min, int max) {
        return checked(flag, value, min, max, Integer.toString(value));
    }

    /** {@code value}, or the failure of {@link #inRange} with V quoted: "got 'V'". */
    public static int inRangeQuoted(String flag, int value, int min, int max) {
        return checked(flag, value, min, max, "'" + value + "'");
    }

    private static int checked(String flag, int value, int min, int max, String got) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    flag + " must be a whole number from " + min + " to " + max + ", got " + got);
        }
        return value;
    }
}
