package dev.ferry.benchmarks.drain;

import dev.ferry.benchmarks.run.KafkaTopics;
import java.io.IOException;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Waits until the capture has written a backlog to Kafka: the change topics' committed offsets grew
 * by at least the backlog's row changes, then stood still for longer than the capture's 2 s
 * checkpoint interval (a Kafka transaction may still be on its way).
 */
final class KafkaBacklog {
    /** Reads the committed offsets of the change topics. */
    interface Offsets {
        long committed() throws IOException, InterruptedException;
    }

    static final Duration STILL = Duration.ofSeconds(3);
    static final Duration TIMEOUT = Duration.ofSeconds(900);

    private final KafkaBacklog.Offsets offsets;
    private final KafkaTopics kafka;
    private final String regex;

    /** The change topics of capture {@code tag} on {@code database}: TAG.DB and TAG.DB.*. */
    KafkaBacklog(KafkaTopics kafka, String tag, String database) {
        this.kafka = kafka;
        this.regex = topics(tag, database);
        this.offsets = () -> kafka.ends(regex).committed();
    }

    static String topics(String tag, String database) {
        return "^" + Pattern.quote(tag + "." + database) + "(\\..*)?$";
    }

    long committed() throws IOException, InterruptedException {
        return offsets.committed();
    }

    /** Waits until the committed offsets reach {@code wanted}, then until they stand still. */
    long await(long wanted) throws IOException, InterruptedException {
        kafka.awaitCommitted(regex, wanted, TIMEOUT);
        return untilStill(offsets, STILL);
    }

    /** Reads {@code offsets} every {@code interval} until two reads in a row agree; that value. */
    static long untilStill(Offsets offsets, Duration interval)
            throws IOException, InterruptedException {
        long last = offsets.committed();
        while (true) {
            Thread.sleep(interval.toMillis());
            long now = offsets.committed();
            if (now == last) {
                return now;
            }
            last = now;
        }
    }
}
