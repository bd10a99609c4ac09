package dev.ferry.benchmarks.replay;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The steady part of a replay: between the polls at which the downstream had written {@code from}%
 * and {@code to}% of the replay's row operations. A later window on a longer backlog leaves the
 * JIT's work out of the rate.
 */
public record ReplayWindow(int from, int to) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,3})-(\\d{1,3})");

    public ReplayWindow {
        if (from < 0 || from >= to || to > 100) {
            throw new IllegalArgumentException(
                    "--window is FROM-TO, percents with FROM < TO <= 100 (e.g. 30-90), got "
                            + from
                            + "-"
                            + to);
        }
    }

    /** Parses FROM-TO ("30-90"). */
    public static ReplayWindow parse(String text) {
        Matcher matcher = FORM.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException(
                    "--window is FROM-TO, percents with FROM < TO <= 100 (e.g. 30-90), got '"
                            + text
                            + "'");
        }
        return new ReplayWindow(
                Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    @Override
    public String toString() {
        return from + "-" + to;
    }
}
