package dev.ferry.config;

import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.options.EndpointOptions;
import dev.ferry.options.TlsOptions;
import java.util.function.Function;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;

/** Reads options with the checks every job needs, so each error message reads the same. */
public final class Settings {
    private Settings() {}

    /** The option's value; a clear error naming the key when it has none. */
    public static <T> T required(ReadableConfig config, ConfigOption<T> option) {
        return config.getOptional(option)
                .orElseThrow(
                        () ->
                                new FerryConfigException(
                                        option.key()
                                                + " is required: pass --"
                                                + option.key()
                                                + " <value> or set it in the --config file."));
    }

    /** The option's value, or the environment variable's when the option is unset. */
    public static String requiredSecret(
            ReadableConfig config,
            ConfigOption<String> option,
            String environmentVariable,
            Function<String, String> environment) {
        return config.getOptional(option)
                .or(() -> java.util.Optional.ofNullable(environment.apply(environmentVariable)))
                .orElseThrow(
                        () ->
                                new FerryConfigException(
                                        option.key()
                                                + " is required: set the "
                                                + environmentVariable
                                                + " environment variable, or "
                                                + option.key()
                                                + " in the --config file."));
    }

    /** An integer option that must be at least {@code minimum}. */
    public static int atLeast(ReadableConfig config, ConfigOption<Integer> option, int minimum) {
        int value = config.get(option);
        if (value < minimum) {
            throw new FerryConfigException(
                    option.key() + " must be at least " + minimum + ", but is " + value + ".");
        }
        return value;
    }

    /** A string option whose value must be one of {@code allowed}. */
    public static String oneOf(
            ReadableConfig config, ConfigOption<String> option, String... allowed) {
        String value = config.get(option);
        for (String candidate : allowed) {
            if (candidate.equals(value)) {
                return value;
            }
        }
        throw new FerryConfigException(
                option.key()
                        + " must be one of "
                        + String.join(", ", allowed)
                        + ", but is '"
                        + value
                        + "'.");
    }

    /** The endpoint described by a group of connection options, with its role's TLS options. */
    public static DatabaseEndpoint endpoint(
            ReadableConfig config, EndpointOptions endpoint, Function<String, String> environment) {
        return new DatabaseEndpoint(
                endpoint.role(),
                config.get(endpoint.hostname()),
                config.get(endpoint.port()),
                required(config, endpoint.username()),
                requiredSecret(
                        config, endpoint.password(), endpoint.passwordVariable(), environment),
                TlsSettings.read(config, TlsOptions.forRole(endpoint.role())));
    }
}
