package dev.ferry.apply.source;

import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaFailures;
import org.apache.kafka.common.KafkaException;

/** The error when a topic the apply job reads with a consumer of its own cannot be read. */
public final class TopicReadErrors {
    private TopicReadErrors() {}

    /**
     * @param kind what the topic is, e.g. "schema topic"
     */
    public static FerryConfigException cannotRead(
            String kind, String topic, String bootstrapServers, KafkaException cause) {
        return new FerryConfigException(
                "kafka: cannot read "
                        + kind
                        + " '"
                        + topic
                        + "' at "
                        + bootstrapServers
                        + " ("
                        + KafkaFailures.describe(cause)
                        + "). "
                        + KafkaFailures.advice(cause),
                cause);
    }
}
