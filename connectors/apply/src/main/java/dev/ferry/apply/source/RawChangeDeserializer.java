package dev.ferry.apply.source;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Wraps each Kafka record as a {@link RawChange}; tombstones are skipped. */
public final class RawChangeDeserializer implements KafkaRecordDeserializationSchema<RawChange> {
    private static final long serialVersionUID = 1L;

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<RawChange> out) {
        if (record.value() == null) {
            return;
        }
        out.collect(RawChange.of(record));
    }

    @Override
    public TypeInformation<RawChange> getProducedType() {
        return TypeInformation.of(RawChange.class);
    }
}
