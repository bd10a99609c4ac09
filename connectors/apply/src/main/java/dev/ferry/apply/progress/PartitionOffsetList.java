package dev.ferry.apply.progress;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The text of a commit's last offset per Kafka partition in the progress table. A commit merging
 * transactions over many tables touches a topic per table (hundreds with {@code database.*}), and
 * their names share long prefixes ({@code ferry.<database>.sbtest1}, {@code ...sbtest10}), so the
 * partitions are written in topic order, each topic as the length of the prefix it shares with the
 * one before and the rest of its name:
 *
 * <pre>{@code >shared~rest:partition@offset shared~rest:partition@offset ...}</pre>
 *
 * <p>Kafka topic names hold only letters, digits, {@code .}, {@code _} and {@code -}, so no part
 * needs escaping. Text not starting with {@code >} is the earlier format, {@code
 * topic:partition@offset;} per partition, and is still read. The column holding it is a {@code
 * MEDIUMTEXT}: a commit writes at most {@code apply.batch-size} rows, so it names at most that many
 * change partitions plus the transaction topic's, a few tens of kilobytes at worst.
 */
final class PartitionOffsetList {
    private static final char MARKER = '>';
    private static final char SEPARATOR = ' ';
    private static final char SHARED = '~';
    private static final Comparator<Map.Entry<TopicPartition, Long>> TOPIC_ORDER =
            Comparator.comparing((Map.Entry<TopicPartition, Long> e) -> e.getKey().topic())
                    .thenComparingInt(e -> e.getKey().partition());

    private PartitionOffsetList() {}

    static String format(Map<TopicPartition, Long> offsets) {
        List<Map.Entry<TopicPartition, Long>> entries = new ArrayList<>(offsets.entrySet());
        entries.sort(TOPIC_ORDER);
        StringBuilder text = new StringBuilder(1 + entries.size() * 16);
        text.append(MARKER);
        String previous = "";
        for (Map.Entry<TopicPartition, Long> entry : entries) {
            String topic = entry.getKey().topic();
            int shared = TransactionIdList.commonPrefix(previous, topic, previous.length());
            if (text.length() > 1) {
                text.append(SEPARATOR);
            }
            text.append(shared)
                    .append(SHARED)
                    .append(topic, shared, topic.length())
                    .append(':')
                    .append(entry.getKey().partition())
                    .append('@')
                    .append(entry.getValue().longValue());
            previous = topic;
        }
        return text.toString();
    }

    static Map<TopicPartition, Long> parse(String text) {
        boolean legacy = text.isEmpty() || text.charAt(0) != MARKER;
        char separator = legacy ? ';' : SEPARATOR;
        Map<TopicPartition, Long> offsets = new HashMap<>();
        String previous = "";
        int start = legacy ? 0 : 1;
        while (start < text.length()) {
            int end = text.indexOf(separator, start);
            if (end < 0) {
                end = text.length();
            }
            if (end > start) {
                int colon = text.lastIndexOf(':', end - 1);
                int at = text.lastIndexOf('@', end - 1);
                int tilde = legacy ? -1 : text.indexOf(SHARED, start);
                if (colon < start || at < colon || (!legacy && (tilde < 0 || tilde > colon))) {
                    throw new IllegalArgumentException(
                            "not a partition offset in the progress table: '"
                                    + text.substring(start, end)
                                    + "'");
                }
                String topic =
                        legacy
                                ? text.substring(start, colon)
                                : previous.substring(0, Integer.parseInt(text, start, tilde, 10))
                                        + text.substring(tilde + 1, colon);
                offsets.put(
                        new TopicPartition(topic, Integer.parseInt(text, colon + 1, at, 10)),
                        Long.parseLong(text, at + 1, end, 10));
                previous = topic;
            }
            start = end + 1;
        }
        return offsets;
    }
}
