package dev.ferry.benchmarks.kafka;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * End offsets of the topics whose names match a regular expression, summed over their partitions,
 * for the benchmark scripts: what capture has written to Kafka, read from the broker itself.
 *
 * <pre>
 * TopicOffsets --bootstrap-servers HOST:PORT --topics REGEX            prints two sums: the
 *     committed end offsets (the last stable offsets a read_committed consumer reads up to), and
 *     the log end offsets (records written, committed or not)
 * TopicOffsets ... --at-least N [--timeout SECONDS]                    waits, polling every 100 ms,
 *     until that sum is at least N and no transaction is open on any partition; prints the epoch
 *     time (seconds, with fraction) when it was, and the sum. Exit 1 on timeout.
 * </pre>
 *
 * <p>Each committed Kafka transaction also leaves one marker record per partition it wrote to, so
 * the sum is the records plus those markers.
 */
public final class TopicOffsets {
    private TopicOffsets() {}

    /** The summed offsets of the matching topics' partitions. */
    public record Ends(long committed, long written) {
        public boolean noOpenTransaction() {
            return committed == written;
        }
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        if (args.length % 2 != 0
                || !options.containsKey("--bootstrap-servers")
                || !options.containsKey("--topics")) {
            System.err.println(
                    "usage: TopicOffsets --bootstrap-servers HOST:PORT --topics REGEX [--at-least N"
                            + " [--timeout SECONDS]]");
            System.exit(2);
        }
        Pattern topics = Pattern.compile(options.get("--topics"));
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, options.get("--bootstrap-servers"));
        try (Admin admin = Admin.create(config)) {
            if (!options.containsKey("--at-least")) {
                Ends ends = ends(admin, topics);
                System.out.println(ends.committed() + " " + ends.written());
                return;
            }
            long wanted = Long.parseLong(options.get("--at-least"));
            double timeout = Double.parseDouble(options.getOrDefault("--timeout", "600"));
            long deadline = System.currentTimeMillis() + (long) (timeout * 1000);
            while (System.currentTimeMillis() < deadline) {
                Ends ends = ends(admin, topics);
                if (ends.committed() >= wanted && ends.noOpenTransaction()) {
                    System.out.printf(
                            Locale.ROOT,
                            "%.3f %d%n",
                            System.currentTimeMillis() / 1000.0,
                            ends.committed());
                    return;
                }
                Thread.sleep(100);
            }
            System.err.printf(
                    "the topics matching %s did not reach %d committed records in %.0f s%n",
                    topics, wanted, timeout);
            System.exit(1);
        }
    }

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
