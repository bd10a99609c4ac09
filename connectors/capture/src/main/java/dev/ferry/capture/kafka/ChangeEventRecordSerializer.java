package dev.ferry.capture.kafka;

import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.json.ChangeEventSerializer;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Writes each change as a Kafka record: envelope value, primary-key key, routed topic. */
public final class ChangeEventRecordSerializer
        implements KafkaRecordSerializationSchema<ChangeEvent> {
    private static final long serialVersionUID = 1L;

    private final TopicRouting routing;
    private final String serverName;
    private transient ChangeEventSerializer envelope;

    public ChangeEventRecordSerializer(TopicRouting routing, String serverName) {
        this.routing = routing;
        this.serverName = serverName;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
            ChangeEvent event, KafkaSinkContext context, Long timestamp) {
        if (envelope == null) {
            envelope = new ChangeEventSerializer(serverName);
        }
        String topic = routing.topicOf(event.table());
        byte[] key = envelope.serializeKey(event);
        int partition =
                routing.partitionOf(event.table(), key, context.getPartitionsForTopic(topic));
        return new ProducerRecord<>(topic, partition, key, envelope.serializeValue(event));
    }
}
