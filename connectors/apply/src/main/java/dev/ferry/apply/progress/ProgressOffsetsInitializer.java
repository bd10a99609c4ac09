package dev.ferry.apply.progress;

import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.TopicPartition;

/**
 * Starts the Kafka source where the downstream's progress table says a restart must read again, and
 * at the earliest offset for partitions it has never applied from. Asked whenever the source starts
 * without a Flink checkpoint, which in transaction mode is every start.
 */
public final class ProgressOffsetsInitializer implements OffsetsInitializer {
    private static final long serialVersionUID = 1L;

    private final DatabaseEndpoint downstream;
    private final ProgressStore store;

    public ProgressOffsetsInitializer(DatabaseEndpoint downstream, ProgressStore store) {
        this.downstream = downstream;
        this.store = store;
    }

    @Override
    public Map<TopicPartition, Long> getPartitionOffsets(
            Collection<TopicPartition> partitions,
            PartitionOffsetsRetriever partitionOffsetsRetriever) {
        Map<TopicPartition, Long> saved;
        try (Connection connection = Connections.open(downstream)) {
            store.createIfMissing(connection);
            saved = store.restartOffsets(connection);
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "cannot read the apply progress from " + downstream + ": " + e.getMessage(), e);
        }
        Map<TopicPartition, Long> earliest =
                partitionOffsetsRetriever.beginningOffsets(List.copyOf(partitions));
        Map<TopicPartition, Long> offsets = new HashMap<>();
        for (TopicPartition partition : partitions) {
            Long restart = saved.get(partition);
            Long first = earliest.get(partition);
            offsets.put(partition, restart == null ? first : Math.max(restart, first));
        }
        return offsets;
    }

    @Override
    public OffsetResetStrategy getAutoOffsetResetStrategy() {
        return OffsetResetStrategy.EARLIEST;
    }
}
