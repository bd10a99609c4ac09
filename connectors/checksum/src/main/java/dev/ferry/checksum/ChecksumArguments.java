package dev.ferry.checksum;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.TlsSettings;
import dev.ferry.jdbc.tls.TlsConfig;
import dev.ferry.options.TlsOptions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.configuration.Configuration;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The parsed command line of {@link ChecksumCommand}, read by picocli. Error messages name options,
 * never their values, because a value may be a password.
 *
 * @param tables table names to compare; empty for every base table of the database
 */
record ChecksumArguments(
        ConnectionSpec source,
        ConnectionSpec target,
        String database,
        String targetDatabase,
        List<String> tables,
        ComparisonConfig config) {

    static final String SOURCE_PASSWORD_ENV = "FERRY_SOURCE_PASSWORD";
    static final String TARGET_PASSWORD_ENV = "FERRY_TARGET_PASSWORD";

    private static final Set<String> OPTIONS =
            Set.of(
                    "source-url",
                    "source-user",
                    "source-password",
                    "target-url",
                    "target-user",
                    "target-password",
                    "database",
                    "target-database",
                    "tables",
                    "chunk-size",
                    "max-differences",
                    "json-columns",
                    "source-tls-mode",
                    "source-tls-ca",
                    "source-tls-cert",
                    "source-tls-key",
                    "target-tls-mode",
                    "target-tls-ca",
                    "target-tls-cert",
                    "target-tls-key");

    /** A command line that cannot be run; the message is safe to print. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    /**
     * Parses {@code --name value} and {@code --name=value} options; passwords not given fall back
     * to {@code FERRY_SOURCE_PASSWORD} and {@code FERRY_TARGET_PASSWORD} in {@code env}.
     */
    static ChecksumArguments parse(String[] args, Map<String, String> env) throws UsageException {
        Map<String, String> values = options(args);
        ConnectionSpec source = side("source", values, env.get(SOURCE_PASSWORD_ENV));
        ConnectionSpec target = side("target", values, env.get(TARGET_PASSWORD_ENV));
        String database = required(values, "database");
        String targetDatabase = values.getOrDefault("target-database", database);
        ComparisonConfig config =
                new ComparisonConfig(
                        positive(values, "chunk-size", ComparisonConfig.DEFAULT_CHUNK_SIZE),
                        positive(
                                values,
                                "max-differences",
                                ComparisonConfig.DEFAULT_MAX_DIFFERENCES),
                        Set.copyOf(list(values.get("json-columns"))));
        return new ChecksumArguments(
                source, target, database, targetDatabase, list(values.get("tables")), config);
    }

    /** A redactor that knows both passwords. */
    Redactor redactor() {
        return new Redactor(
                Arrays.asList(source.password(), target.password()).stream()
                        .filter(p -> p != null)
                        .toList());
    }

    private static Map<String, String> options(String[] args) throws UsageException {
        CommandSpec spec = CommandSpec.create();
        for (String name : OPTIONS) {
            spec.addOption(OptionSpec.builder("--" + name).type(String.class).arity("1").build());
        }
        CommandLine commandLine = new CommandLine(spec);
        ParseResult parsed;
        try {
            parsed = commandLine.parseArgs(args);
        } catch (UnmatchedArgumentException e) {
            throw unmatched(commandLine, args, e);
        } catch (OverwrittenOptionException e) {
            throw new UsageException(name(e.getOverwritten()) + " given more than once");
        } catch (MissingParameterException e) {
            throw new UsageException("missing value for " + name(e.getMissing().get(0)));
        } catch (ParameterException e) {
            // Picocli's own message may quote a value, which may be a password.
            throw new UsageException("cannot read the command line; see --help");
        }
        Map<String, String> values = new HashMap<>();
        for (OptionSpec option : parsed.matchedOptions()) {
            values.put(option.longestName().substring(2), option.getValue());
        }
        return values;
    }

    /** Names the unknown option with picocli's suggestion, or the position of a stray value. */
    private static UsageException unmatched(
            CommandLine commandLine, String[] args, UnmatchedArgumentException e) {
        String first = e.getUnmatched().get(0);
        if (!first.startsWith("-")) {
            // Not echoed: a misplaced argument is often a password.
            return new UsageException(
                    "unexpected argument at position " + (Arrays.asList(args).indexOf(first) + 1));
        }
        String option = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        // Asked for the name alone: with "=value" attached picocli suggests worse.
        List<String> suggestions =
                new UnmatchedArgumentException(commandLine, List.of(option))
                        .getSuggestions().stream().filter(s -> !s.equals(option)).toList();
        String hint =
                suggestions.isEmpty()
                        ? ""
                        : suggestions.size() == 1
                                ? ". Did you mean " + suggestions.get(0) + "?"
                                : ". Did you mean one of " + String.join(", ", suggestions) + "?";
        return new UsageException("unknown option " + option + hint);
    }

    private static String name(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : "an argument";
    }

    private static ConnectionSpec side(String role, Map<String, String> values, String envPassword)
            throws UsageException {
        String url = required(values, role + "-url");
        if (!url.startsWith("jdbc:mysql:")) {
            throw new UsageException(
                    "--"
                            + role
                            + "-url must be a jdbc:mysql:// URL, e.g. jdbc:mysql://127.0.0.1:3306/");
        }
        String user = required(values, role + "-user");
        String password = values.getOrDefault(role + "-password", envPassword);
        return new ConnectionSpec(role, url, user, password, tls(role, values));
    }

    /** --ROLE-tls-mode, -ca, -cert and -key, read as the jobs read their TLS options. */
    private static TlsConfig tls(String role, Map<String, String> values) throws UsageException {
        Configuration options = new Configuration();
        values.forEach(
                (name, value) -> {
                    if (name.startsWith(role + "-tls-")) {
                        options.setString(name, value);
                    }
                });
        try {
            return TlsSettings.read(options, TlsOptions.commandLine(role));
        } catch (FerryConfigException e) {
            throw new UsageException("--" + e.getMessage());
        }
    }

    private static String required(Map<String, String> values, String name) throws UsageException {
        String value = values.get(name);
        if (value == null || value.isBlank()) {
            throw new UsageException("missing --" + name);
        }
        return value.strip();
    }

    private static int positive(Map<String, String> values, String name, int fallback)
            throws UsageException {
        String value = values.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            int number = Integer.parseInt(value.strip());
            if (number > 0) {
                return number;
            }
        } catch (NumberFormatException e) {
            // Reported below.
        }
        throw new UsageException("--" + name + " must be a positive whole number");
    }

    private static List<String> list(String commaSeparated) {
        if (commaSeparated == null) {
            return List.of();
        }
        return Arrays.stream(commaSeparated.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toList());
    }
}
