package dev.ferry.benchmarks.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One build an A/B run compares: a ferry.jar and, for the capture, the options of this variant
 * (JAR+OPTION=VALUE+…, so that one build can be compared with itself under other settings).
 *
 * @param jar the ferry.jar, as an absolute path
 * @param suffix what followed the jar's path ("+kafka.compression=none", or "")
 * @param options the capture options the suffix gives, as command-line words ("--OPTION", "VALUE")
 */
public record JarVariant(Path jar, String suffix, List<String> options) {
    public JarVariant {
        options = List.copyOf(options);
    }

    /** The jar compared when none is given: the current build's. */
    public static final String CURRENT = "jobs/target/ferry.jar";

    /**
     * The builds {@code arguments} name, each read by {@code variant} and checked to exist; the
     * {@link #CURRENT} build alone when there are none.
     */
    public static List<JarVariant> builds(
            List<String> arguments, Function<String, JarVariant> variant) {
        List<JarVariant> builds = new ArrayList<>();
        for (String jar : arguments.isEmpty() ? List.of(CURRENT) : arguments) {
            builds.add(variant.apply(jar).requireExists());
        }
        return builds;
    }

    /** A jar alone, no options. */
    public static JarVariant of(Path jar) {
        return new JarVariant(jar.toAbsolutePath().normalize(), "", List.of());
    }

    /**
     * Parses JAR[+OPTION=VALUE…]: the jar's path up to the first '+', relative to the current
     * folder, then each OPTION=VALUE (the value may hold '=').
     *
     * @throws IllegalArgumentException naming the part that is not OPTION=VALUE
     */
    public static JarVariant parse(String argument) {
        int plus = argument.indexOf('+');
        String path = plus < 0 ? argument : argument.substring(0, plus);
        String suffix = plus < 0 ? "" : argument.substring(plus);
        if (path.isEmpty()) {
            throw new IllegalArgumentException(
                    "'" + argument + "' names no jar: give JAR[+OPTION=VALUE...]");
        }
        List<String> options = new ArrayList<>();
        for (String part : suffix.split("\\+")) {
            if (part.isEmpty()) {
                continue;
            }
            int equals = part.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(
                        "'+"
                                + part
                                + "' in '"
                                + argument
                                + "' is not OPTION=VALUE: write it as"
                                + " ferry.jar+kafka.compression=none");
            }
            options.add("--" + part.substring(0, equals));
            options.add(part.substring(equals + 1));
        }
        return new JarVariant(Path.of(path).toAbsolutePath().normalize(), suffix, options);
    }

    /** Fails, naming the jar and what to do, when it is not a file. */
    public JarVariant requireExists() {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(
                    "no such jar: "
                            + jar
                            + " (copy jobs/target/ferry.jar aside for each build to compare, or"
                            + " build it: mvn -B -q package -DskipTests -pl jobs -am)");
        }
        return this;
    }

    /** The jar's path with its options, as the tables name a build. */
    public String display() {
        return jar + suffix;
    }

    /** The jar's file name with its options: "ferry.jar+kafka.compression=none". */
    public String label() {
        return jar.getFileName() + suffix;
    }

    /** The jar's file name without ".jar", for recordings' names. */
    public String baseName() {
        String name = jar.getFileName().toString();
        return name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name;
    }
}
