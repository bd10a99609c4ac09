package dev.ferry.jobs.cli;

import dev.ferry.options.AllOptions;
import java.util.stream.Collectors;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.description.TextElement;

/** Prints every option with its default and description, as the Markdown table in the README. */
public final class OptionsTable {
    private OptionsTable() {}

    public static String markdown() {
        StringBuilder table =
                new StringBuilder("| option | default | description |\n|---|---|---|\n");
        for (ConfigOption<?> option : AllOptions.all()) {
            table.append("| `")
                    .append(option.key())
                    .append("` | ")
                    .append(
                            option.hasDefaultValue()
                                    ? "`" + format(option.defaultValue()) + "`"
                                    : "—")
                    .append(" | ")
                    .append(description(option))
                    .append(" |\n");
        }
        return table.toString();
    }

    /** The option's description as plain text. */
    public static String description(ConfigOption<?> option) {
        return option.description().getBlocks().stream()
                .map(
                        block ->
                                block instanceof TextElement text
                                        ? text.getFormat()
                                        : block.toString())
                .collect(Collectors.joining(" "));
    }

    private static String format(Object value) {
        if (value instanceof java.time.Duration duration) {
            return duration.toMillis() % 1000 == 0
                    ? duration.toSeconds() + " s"
                    : duration.toMillis() + " ms";
        }
        return String.valueOf(value);
    }
}
