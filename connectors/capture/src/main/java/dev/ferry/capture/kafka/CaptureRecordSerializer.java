package dev.ferry.capture.kafka;

import dev.ferry.capture.source.CaptureRecord;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.json.ChangeEventSerializer;
import dev.ferry.envelope.json.TransactionEndJson;
import dev.ferry.envelope.schema.TableSchemaJson;
import java.nio.charset.StandardCharsets;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Writes each capture record as a Kafka record: a change as its envelope, keyed by primary key, to
 * its table's topic; a transaction END, keyed by transaction id, to the transaction topic; a
 * table's new definition, keyed by its name, to the schema topic.
 */
public final class CaptureRecordSerializer
        implements KafkaRecordSerializationSchema<CaptureRecord> {
    private static final long serialVersionUID = 1L;

    private final TopicRouting routing;
    private final String transactionTopic;
    private final String schemaTopic;
    private final String serverName;
    private transient ChangeEventSerializer envelope;

    public CaptureRecordSerializer(
            TopicRouting routing, String transactionTopic, String schemaTopic, String serverName) {
        this.routing = routing;
        this.transactionTopic = transactionTopic;
        this.schemaTopic = schemaTopic;
        this.serverName = serverName;
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
            CaptureRecord record, KafkaSinkContext context, Long timestamp) {
        if (record instanceof CaptureRecord.Change change) {
            return change(change.event(), context);
        }
        if (record instanceof CaptureRecord.Definition definition) {
            return definition(definition);
        }
        return end(((CaptureRecord.End) record).end(), context);
    }

    private ProducerRecord<byte[], byte[]> change(ChangeEvent event, KafkaSinkContext context) {
        if (envelope == null) {
            envelope = new ChangeEventSerializer(serverName);
        }
        String topic = routing.topicOf(event.table());
        byte[] key = envelope.serializeKey(event);
        int partition =
                routing.partitionOf(event.table(), key, context.getPartitionsForTopic(topic));
        return new ProducerRecord<>(topic, partition, key, envelope.serializeValue(event));
    }

    /** A table's new definition, or a tombstone once it is dropped (the topic is compacted). */
    private ProducerRecord<byte[], byte[]> definition(CaptureRecord.Definition definition) {
        return new ProducerRecord<>(
                schemaTopic,
                definition.table().qualifiedName().getBytes(StandardCharsets.UTF_8),
                definition.definition() == null
                        ? null
                        : TableSchemaJson.toJson(definition.definition()));
    }

    /** Always the first partition, even of a topic made with more: ENDs stay in commit order. */
    private ProducerRecord<byte[], byte[]> end(TransactionEnd end, KafkaSinkContext context) {
        int partition = context.getPartitionsForTopic(transactionTopic)[0];
        return new ProducerRecord<>(
                transactionTopic,
                partition,
                end.id().getBytes(StandardCharsets.UTF_8),
                TransactionEndJson.serialize(end));
    }
}
