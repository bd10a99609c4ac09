package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Kafka client properties passed through to every Kafka client ferry creates, the way Flink's Kafka
 * connector takes {@code properties.*}: {@code kafka.properties.security.protocol=SASL_SSL}.
 */
public final class KafkaClientOptions {
    private KafkaClientOptions() {}

    /** The prefix of the pass-through keys. */
    public static final String PREFIX = "kafka.properties.";

    /** Documents the prefix in the options table; the keys themselves are the clients'. */
    public static final ConfigOption<String> PROPERTIES =
            ConfigOptions.key(PREFIX + "*")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Kafka client properties for every Kafka client of the job (sources,"
                                    + " sinks, the END reader, the schema and saga topics, the"
                                    + " admin), without the prefix: security.protocol,"
                                    + " sasl.mechanism, sasl.jaas.config, ssl.truststore.location,"
                                    + " ... A value may name a secret as ${env:VARIABLE} or"
                                    + " ${file:/path} (read by ferry; not with config.providers,"
                                    + " which Kafka resolves itself). Values are never logged.");
}
