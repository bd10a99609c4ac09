package dev.ferry.benchmarks.run;

import dev.ferry.benchmarks.kafka.TopicOffsets;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * The run's Kafka topics as the broker counts them: their end offsets summed over partitions
 * (records plus one marker per partition and committed transaction), waiting for them, and deleting
 * them at the end.
 */
public final class KafkaTopics implements AutoCloseable {
    private final Admin admin;

    public KafkaTopics(String bootstrapServers) {
        Properties config = new Properties();
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        this.admin = Admin.create(config);
    }

    /** The summed committed and written end offsets of the topics matching {@code regex}. */
    public TopicOffsets.Ends ends(String regex) throws IOException, InterruptedException {
        try {
            return TopicOffsets.ends(admin, Pattern.compile(regex));
        } catch (ExecutionException e) {
            throw new IOException(
                    "cannot read the offsets of topics " + regex + ": " + e.getCause(), e);
        }
    }

    /**
     * Waits, polling every 100 ms, until the committed offsets reach {@code wanted} with no
     * transaction open; the epoch seconds when they did.
     */
    public double awaitCommitted(String regex, long wanted, Duration timeout)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            TopicOffsets.Ends ends = ends(regex);
            if (ends.committed() >= wanted && ends.noOpenTransaction()) {
                return System.currentTimeMillis() / 1000.0;
            }
            Thread.sleep(100);
        }
        throw new IOException(
                "the topics matching "
                        + regex
                        + " did not reach "
                        + wanted
                        + " committed records in "
                        + timeout.toSeconds()
                        + " s");
    }

    /**
     * {@link #awaitCommitted}, for records {@code capture} writes: a timeout fails naming {@code
     * what} it did not write and the end of its log.
     */
    public void awaitCaptured(
            String regex, long wanted, Duration timeout, String what, RunProcess capture)
            throws IOException, InterruptedException {
        try {
            awaitCommitted(regex, wanted, timeout);
        } catch (IOException e) {
            throw new IOException(
                    "the capture did not write "
                            + what
                            + " to Kafka ("
                            + e.getMessage()
                            + "); its log ends: "
                            + capture.tail(3),
                    e);
        }
    }

    /** Deletes the topics matching {@code regex}; a failure only costs disk, so it is ignored. */
    public void delete(String regex) {
        try {
            Pattern pattern = Pattern.compile(regex);
            List<String> names =
                    admin.listTopics().names().get().stream()
                            .filter(name -> pattern.matcher(name).matches())
                            .toList();
            if (!names.isEmpty()) {
                admin.deleteTopics(names).all().get();
            }
        } catch (ExecutionException e) {
            Progress.say("could not delete the topics " + regex + ": " + e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        admin.close(Duration.ofSeconds(5));
    }
}
