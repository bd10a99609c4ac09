package dev.ferry.apply.source;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A change as it came off Kafka, still serialized: parsing waits until the writer that owns the
 * key, so the shuffle between source and writers moves bytes, not object graphs. A Flink POJO.
 */
public class RawChange {
    public String topic;
    public int partition;
    public long offset;
    public byte[] key;
    public byte[] value;

    /**
     * The row-mode writer a copy of a heartbeat is addressed to (dev.ferry.apply.sink
     * .HeartbeatFanOut), or -1: routed by key.
     */
    public int writer = -1;

    public RawChange() {}

    public RawChange(String topic, int partition, long offset, byte[] key, byte[] value) {
        this.topic = topic;
        this.partition = partition;
        this.offset = offset;
        this.key = key;
        this.value = value;
    }

    /**
     * Hash of topic and key bytes; equal keys land on the same writer, in order. Computed when
     * asked: only the per-row apply shuffles by it, and hashing every record's key had cost the
     * transactional apply's reading thread a tenth of its time.
     */
    public int keyHash() {
        return 31 * topic.hashCode() + java.util.Arrays.hashCode(key);
    }

    /** A Kafka record, its value not null; a null key becomes empty. */
    public static RawChange of(ConsumerRecord<byte[], byte[]> record) {
        byte[] key = record.key() == null ? new byte[0] : record.key();
        return new RawChange(
                record.topic(), record.partition(), record.offset(), key, record.value());
    }

    /** Where the record is, for error messages: {@code topic-partition@offset}. */
    public String location() {
        return topic + "-" + partition + "@" + offset;
    }
}
