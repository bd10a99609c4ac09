package dev.ferry.jobs.cli;

import dev.ferry.options.AllOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The option arguments of a picocli command that reads ferry options: {@code --config FILE}, one
 * {@code --key value} per ferry option (listed by {@code --help}), and Flink settings passed
 * through. {@link JobArguments} turns them into a {@link Configuration}, arguments over the file.
 */
public final class ConfigArguments {
    private static final String CONFIG = "--config";

    private ConfigArguments() {}

    /** Declares the options on {@code spec}; Flink settings arrive as its unmatched arguments. */
    public static CommandSpec addTo(CommandSpec spec) {
        spec.addOption(
                OptionSpec.builder(CONFIG)
                        .paramLabel("FILE")
                        .type(String.class)
                        .description("Java properties file of options; arguments win over it.")
                        .build());
        for (ConfigOption<?> option : AllOptions.all()) {
            spec.addOption(
                    OptionSpec.builder("--" + option.key())
                            .paramLabel("VALUE")
                            .type(String.class)
                            .arity("1")
                            .description(OptionsTable.description(option).replace("%", "%%"))
                            .build());
        }
        // Flink's own settings (execution.*, state.*, ...) are not declared: JobArguments checks
        // them by prefix and suggests the closest ferry option for anything else.
        spec.parser().unmatchedArgumentsAllowed(true);
        spec.usageMessage()
                .abbreviateSynopsis(true)
                .footer(
                        "Options come from --config FILE and from --key value or --key=value"
                                + " arguments, which win. Flink settings (execution.*, state.*,"
                                + " taskmanager.*, ...) pass through the same way.");
        spec.interpolateVariables(false);
        return spec;
    }

    /** The options given to the command, as a Configuration. */
    public static Configuration read(ParseResult parsed) {
        List<String> args = new ArrayList<>();
        for (OptionSpec option : parsed.matchedOptions()) {
            if (option.longestName().equals(CONFIG) || isFerryOption(option)) {
                args.add(option.longestName());
                args.add(option.getValue());
            }
        }
        args.addAll(parsed.unmatched());
        return JobArguments.parse(args);
    }

    private static boolean isFerryOption(OptionSpec option) {
        return AllOptions.isFerryKey(option.longestName().substring(2));
    }
}
