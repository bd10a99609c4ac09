package dev.ferry.capture.kafka;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Decides the topic and partition of each table's changes: the topic from a pattern with {@code
 * {database}} and {@code {table}}, the partition by table (commit order per table) or by key.
 */
public final class TopicRouting implements Serializable {
    private static final long serialVersionUID = 1L;

    /** How changes are spread over a topic's partitions. */
    public enum PartitionBy {
        TABLE,
        KEY
    }

    private final String pattern;
    private final PartitionBy partitionBy;

    public TopicRouting(String pattern, PartitionBy partitionBy) {
        if (!pattern.matches("[A-Za-z0-9._{}-]+")) {
            throw new FerryConfigException(
                    "kafka.topic-pattern '"
                            + pattern
                            + "' may only hold letters, digits, '.', '_', '-' and the"
                            + " placeholders {database} and {table}.");
        }
        this.pattern = pattern;
        this.partitionBy = partitionBy;
    }

    public static PartitionBy parsePartitionBy(String value) {
        try {
            return PartitionBy.valueOf(value.toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new FerryConfigException(
                    "kafka.partition-by must be 'table' or 'key', but is '" + value + "'.");
        }
    }

    /** Topic names per table: computed once, since this runs for every change. */
    private transient Map<TableId, String> topics;

    public String topicOf(TableId table) {
        if (topics == null) {
            topics = new HashMap<>();
        }
        return topics.computeIfAbsent(
                table,
                t ->
                        pattern.replace("{database}", sanitize(t.database()))
                                .replace("{table}", sanitize(t.table())));
    }

    /** The partition, among {@code partitions}, of a change with this table and record key. */
    public int partitionOf(TableId table, byte[] key, int[] partitions) {
        if (partitions.length == 1) {
            return partitions[0];
        }
        int hash = partitionBy == PartitionBy.TABLE ? table.hashCode() : Arrays.hashCode(key);
        return partitions[Math.floorMod(hash, partitions.length)];
    }

    /** Kafka topic names allow [a-zA-Z0-9._-]; other characters of a table name become '_'. */
    private static String sanitize(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
