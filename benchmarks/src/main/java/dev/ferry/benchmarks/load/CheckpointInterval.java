package dev.ferry.benchmarks.load;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A capture checkpoint interval the load table compares: a duration like {@code 250ms} or {@code
 * 2s} given to the capture as {@code job.checkpoint-interval}, or {@code default} (the option
 * unset: its 2 s).
 *
 * @param text as given: "default", "250ms", "2s"
 */
public record CheckpointInterval(String text) {
    private static final Pattern DURATION = Pattern.compile("([1-9][0-9]*)(ms|s)");

    /** The capture's interval when job.checkpoint-interval is unset. */
    public static final CheckpointInterval DEFAULT = new CheckpointInterval("default");

    /** Parses a duration like 250ms or 2s; a clear error for anything else. */
    public static CheckpointInterval parse(String text) {
        if (!DURATION.matcher(text).matches()) {
            throw new IllegalArgumentException(
                    "--checkpoint-intervals: '" + text + "' is not a duration like 250ms or 2s");
        }
        return new CheckpointInterval(text);
    }

    /** The interval in seconds (the default: job.checkpoint-interval's 2 s). */
    public double seconds() {
        Matcher matcher = DURATION.matcher(text);
        if (!matcher.matches()) {
            return 2;
        }
        long amount = Long.parseLong(matcher.group(1));
        return matcher.group(2).equals("ms") ? amount / 1000.0 : amount;
    }

    /** The capture's options for this interval: none for the default. */
    public List<String> captureOptions() {
        return this.equals(DEFAULT) ? List.of() : List.of("--job.checkpoint-interval", text);
    }

    /** How the report names it. */
    public String reportText() {
        return this.equals(DEFAULT) ? "the default `job.checkpoint-interval`" : text;
    }

    @Override
    public String toString() {
        return text.toLowerCase(Locale.ROOT);
    }
}
