package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.run.KafkaTopics;
import java.io.IOException;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * The change topics of one capture (TAG.&lt;db&gt;, or TAG.&lt;db&gt;.&lt;table&gt; with a topic
 * per table), counted by their committed end offsets: how the ferry drain knows the capture has
 * written the whole backlog to Kafka before it resumes the apply.
 */
final class KafkaBacklog {
    private static final Duration STILL_POLL = Duration.ofSeconds(3);

    private final KafkaTopics kafka;
    private final String regex;

    KafkaBacklog(KafkaTopics kafka, String tag, String database) {
        this.kafka = kafka;
        this.regex = topics(tag, database);
    }

    /** The topics of capture {@code tag} of {@code database}, in either layout. */
    static String topics(String tag, String database) {
        return "^" + Pattern.quote(tag) + "\\." + Pattern.quote(database) + "(\\..*)?$";
    }

    /** Their committed end offsets, summed. */
    long committed() throws IOException, InterruptedException {
        return kafka.ends(regex).committed();
    }

    /**
     * Waits until the committed offsets reach {@code wanted} with no transaction open, then until
     * they stand still for one poll of 3 s (the markers of the last transactions); false when they
     * do not reach it within {@code timeout}.
     */
    boolean awaitWritten(long wanted, Duration timeout) throws IOException, InterruptedException {
        try {
            kafka.awaitCommitted(regex, wanted, timeout);
        } catch (IOException e) {
            return false;
        }
        long last = -1;
        long now = committed();
        while (now != last) {
            last = now;
            Thread.sleep(STILL_POLL.toMillis());
            now = committed();
        }
        return true;
    }
}
