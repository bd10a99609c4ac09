package dev.ferry.apply.source;

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

    /** Hash of topic and key bytes; equal keys land on the same writer, in order. */
    public int keyHash;

    public RawChange() {}

    public RawChange(String topic, int partition, long offset, byte[] key, byte[] value) {
        this.topic = topic;
        this.partition = partition;
        this.offset = offset;
        this.key = key;
        this.value = value;
        this.keyHash = 31 * topic.hashCode() + java.util.Arrays.hashCode(key);
    }

    /** Where the record is, for error messages: {@code topic-partition@offset}. */
    public String location() {
        return topic + "-" + partition + "@" + offset;
    }
}
