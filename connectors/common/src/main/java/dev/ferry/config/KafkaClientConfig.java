package dev.ferry.config;

import dev.ferry.options.KafkaClientOptions;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.ReadableConfig;

/**
 * How every Kafka client of a job reaches the cluster: the bootstrap servers and the pass-through
 * client properties ({@code kafka.properties.*}) with their secrets resolved. {@link #toString()}
 * shows the property names only.
 */
public final class KafkaClientConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    /** A secret a value names: ${env:VARIABLE} or ${file:/path}. */
    private static final Pattern SECRET = Pattern.compile("\\$\\{(env|file):([^}]+)}");

    /** Properties ferry sets per client from its own options. */
    private static final Map<String, String> MANAGED =
            Map.of(
                    "bootstrap.servers", "kafka.bootstrap-servers",
                    "group.id", "kafka.consumer-group or saga.consumer-group",
                    "transactional.id", "kafka.transactional-id-prefix");

    private final String bootstrapServers;
    private final Map<String, String> properties;

    private KafkaClientConfig(String bootstrapServers, Map<String, String> properties) {
        this.bootstrapServers = bootstrapServers;
        this.properties = Collections.unmodifiableMap(new TreeMap<>(properties));
    }

    /** Bootstrap servers only: a cluster without security settings. */
    public static KafkaClientConfig plain(String bootstrapServers) {
        return new KafkaClientConfig(bootstrapServers, Map.of());
    }

    /**
     * Reads the {@code kafka.properties.*} keys of {@code config}.
     *
     * @param environment resolves ${env:...} references (System::getenv)
     */
    public static KafkaClientConfig from(
            ReadableConfig config, String bootstrapServers, Function<String, String> environment) {
        Map<String, String> properties = new TreeMap<>();
        config.toMap()
                .forEach(
                        (key, value) -> {
                            if (key.startsWith(KafkaClientOptions.PREFIX)
                                    && !key.equals(KafkaClientOptions.PROPERTIES.key())) {
                                properties.put(
                                        key.substring(KafkaClientOptions.PREFIX.length()), value);
                            }
                        });
        for (String name : properties.keySet()) {
            if (MANAGED.containsKey(name)) {
                throw new FerryConfigException(
                        KafkaClientOptions.PREFIX
                                + name
                                + " is set by ferry itself; use "
                                + MANAGED.get(name)
                                + " instead.");
            }
        }
        if (!properties.containsKey("config.providers")) {
            properties.replaceAll((name, value) -> resolve(name, value, environment));
        }
        return new KafkaClientConfig(bootstrapServers, properties);
    }

    private static String resolve(String name, String value, Function<String, String> environment) {
        Matcher matcher = SECRET.matcher(value);
        StringBuilder resolved = new StringBuilder();
        while (matcher.find()) {
            String source = matcher.group(1);
            String reference = matcher.group(2).strip();
            String secret =
                    source.equals("env") ? environment.apply(reference) : file(name, reference);
            if (secret == null) {
                throw new FerryConfigException(
                        KafkaClientOptions.PREFIX
                                + name
                                + " refers to the environment variable "
                                + reference
                                + ", which is not set.");
            }
            matcher.appendReplacement(resolved, Matcher.quoteReplacement(secret));
        }
        matcher.appendTail(resolved);
        return resolved.toString();
    }

    private static String file(String name, String path) {
        try {
            return Files.readString(Path.of(path), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new FerryConfigException(
                    KafkaClientOptions.PREFIX
                            + name
                            + " refers to the file '"
                            + path
                            + "', which cannot be read ("
                            + e.getClass().getSimpleName()
                            + ").");
        }
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The pass-through properties, without the bootstrap servers. */
    public Map<String, String> clientProperties() {
        return properties;
    }

    /** A new set of client properties: the bootstrap servers and the pass-through ones. */
    public Properties properties() {
        Properties all = new Properties();
        all.putAll(properties);
        all.setProperty("bootstrap.servers", bootstrapServers);
        return all;
    }

    /** Whether the clients authenticate or encrypt (for messages about failures). */
    public boolean secured() {
        String protocol = properties.getOrDefault("security.protocol", "PLAINTEXT");
        return !protocol.toUpperCase(Locale.ROOT).equals("PLAINTEXT");
    }

    /** The names of the pass-through properties, for logs. */
    public Set<String> names() {
        return properties.keySet();
    }

    @Override
    public String toString() {
        return "Kafka " + bootstrapServers + (properties.isEmpty() ? "" : " with " + names());
    }
}
