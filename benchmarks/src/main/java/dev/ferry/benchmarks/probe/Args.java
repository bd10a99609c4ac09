package dev.ferry.benchmarks.probe;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code --name value} arguments of a benchmark probe, checked against the names it knows, so a
 * mistyped name in a script fails at once instead of being ignored.
 */
public final class Args {
    private final String program;
    private final Map<String, String> values;

    private Args(String program, Map<String, String> values) {
        this.program = program;
        this.values = values;
    }

    /** The names {@link #endpoint} reads (host, port, user, password) and {@code more}. */
    public static Set<String> endpointAnd(String... more) {
        Set<String> names = new HashSet<>(Set.of("host", "port", "user", "password"));
        names.addAll(Set.of(more));
        return Set.copyOf(names);
    }

    /** Parses {@code --name value} pairs; {@code known} lists every name the program accepts. */
    public static Args parse(String program, String[] args, Set<String> known) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String name = args[i];
            if (!name.startsWith("--") || !known.contains(name.substring(2))) {
                throw new IllegalArgumentException(
                        program + ": unknown argument '" + name + "'; expected one of --" + known);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(program + ": " + name + " needs a value");
            }
            values.put(name.substring(2), args[i + 1]);
        }
        return new Args(program, values);
    }

    public String get(String name) {
        String value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException(program + ": --" + name + " is required");
        }
        return value;
    }

    public String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /**
     * The environment variable a probe takes its password from when no --password is given, so that
     * a caller can keep it off the command line (where ps shows it).
     */
    public static final String PASSWORD_VARIABLE = "FERRY_PROBE_PASSWORD";

    /**
     * The server named by --host (default 127.0.0.1), --port, --user and --password (else the
     * environment's {@value #PASSWORD_VARIABLE}).
     */
    public DatabaseEndpoint endpoint(String role) {
        return endpoint(role, System.getenv());
    }

    /** {@link #endpoint(String)} with the given environment. */
    DatabaseEndpoint endpoint(String role, Map<String, String> environment) {
        String password = values.get("password");
        if (password == null) {
            password = environment.get(PASSWORD_VARIABLE);
        }
        if (password == null) {
            throw new IllegalArgumentException(
                    program + ": --password is required, or set " + PASSWORD_VARIABLE);
        }
        return new DatabaseEndpoint(
                role, get("host", "127.0.0.1"), (int) getLong("port"), get("user"), password);
    }

    public long getLong(String name, long fallback) {
        String value = values.get(name);
        return value == null ? fallback : parseLong(name, value);
    }

    public long getLong(String name) {
        return parseLong(name, get(name));
    }

    private long parseLong(String name, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    program + ": --" + name + " must be a whole number, got '" + value + "'");
        }
    }
}
