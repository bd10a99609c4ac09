package dev.ferry.jobs.cli;

import dev.ferry.config.FerryConfigException;
import dev.ferry.options.AllOptions;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.Configuration;

/**
 * Turns {@code --config file.properties} and {@code --key value} / {@code --key=value} arguments
 * into a Flink {@link Configuration}; arguments override the file. Keys must be ferry options or
 * Flink settings, so a typo is an error, not a silently ignored option.
 */
public final class JobArguments {
    /** Prefixes of Flink's own settings that may be passed through. */
    private static final Set<String> FLINK_PREFIXES =
            Set.of(
                    "execution.",
                    "state.",
                    "restart-strategy.",
                    "rest.",
                    "taskmanager.",
                    "jobmanager.",
                    "parallelism.",
                    "pipeline.",
                    "metrics.",
                    "web.",
                    "table.",
                    "high-availability.",
                    "cluster.",
                    "akka.",
                    "pekko.",
                    "heartbeat.",
                    "classloader.");

    private JobArguments() {}

    public static Configuration parse(List<String> args) {
        Configuration configuration = new Configuration();
        Properties overrides = new Properties();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                throw new FerryConfigException(
                        "unexpected argument '" + arg + "': options look like --key value.");
            }
            String key = arg.substring(2);
            String value;
            int equals = key.indexOf('=');
            if (equals >= 0) {
                value = key.substring(equals + 1);
                key = key.substring(0, equals);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new FerryConfigException("option --" + key + " needs a value.");
            }
            if (key.equals("config")) {
                load(Path.of(value), configuration);
            } else {
                overrides.setProperty(key, value);
            }
        }
        overrides
                .stringPropertyNames()
                .forEach(key -> set(configuration, key, overrides.getProperty(key)));
        return configuration;
    }

    private static void load(Path file, Configuration configuration) {
        if (!Files.exists(file)) {
            throw new FerryConfigException(
                    "config file "
                            + file.toAbsolutePath()
                            + " does not exist. Check the path given to --config (jobs/conf"
                            + " holds samples).");
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new FerryConfigException(
                    "cannot read config file " + file + ": " + e.getMessage());
        }
        properties
                .stringPropertyNames()
                .forEach(key -> set(configuration, key, properties.getProperty(key).strip()));
    }

    private static void set(Configuration configuration, String key, String value) {
        if (!AllOptions.isFerryKey(key) && FLINK_PREFIXES.stream().noneMatch(key::startsWith)) {
            String hint =
                    Suggestion.closest(
                                    key, AllOptions.all().stream().map(ConfigOption::key).toList())
                            .map(known -> " Did you mean '" + known + "'?")
                            .orElse("");
            throw new FerryConfigException(
                    "unknown option '"
                            + key
                            + "'."
                            + hint
                            + " The README lists every option under 'Options'.");
        }
        configuration.setString(key, value);
    }
}
