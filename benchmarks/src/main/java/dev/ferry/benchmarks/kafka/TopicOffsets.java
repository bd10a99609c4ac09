package dev.ferry.benchmarks.kafka;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * End offsets of the topics whose names match a regular expression, summed over their partitions:
 * what capture has written to Kafka, read from the broker itself. Each committed Kafka transaction
 * also leaves one marker record per partition it wrote to, so the sum is the records plus those
 * markers.
 */
public final class TopicOffsets {
    private TopicOffsets() {}

    /** The summed offsets of the matching topics' partitions. */
    public record Ends(long committed, long written) {
        public boolean noOpenTransaction() {
            return committed == written;
        }
    }

    /** The committed and written ends of the partitions of the topics {@code topics} matches. */
    public static Ends ends(Admin admin, Pattern topics)
            throws ExecutionException, InterruptedException {
        List<String> names =
                admin.listTopics().names().get().stream()
                        .filter(name -> topics.matcher(name).matches())
                        .toList();
        if (names.isEmpty()) {
            return new Ends(0, 0);
        }
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        for (TopicDescription topic : admin.describeTopics(names).allTopicNames().get().values()) {
            topic.partitions()
                    .forEach(
                            p ->
                                    latest.put(
                                            new TopicPartition(topic.name(), p.partition()),
                                            OffsetSpec.latest()));
        }
        return new Ends(
                sum(admin, latest, IsolationLevel.READ_COMMITTED),
                sum(admin, latest, IsolationLevel.READ_UNCOMMITTED));
    }

    private static long sum(
            Admin admin, Map<TopicPartition, OffsetSpec> partitions, IsolationLevel level)
            throws ExecutionException, InterruptedException {
        return admin
                .listOffsets(partitions, new ListOffsetsOptions(level))
                .all()
                .get()
                .values()
                .stream()
                .mapToLong(info -> info.offset())
                .sum();
    }
}
