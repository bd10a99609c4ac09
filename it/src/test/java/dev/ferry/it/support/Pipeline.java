package dev.ferry.it.support;

import dev.ferry.jobs.ApplyJob;
import dev.ferry.jobs.CaptureJob;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;

/**
 * The options of one test's capture and apply jobs against the shared services, with everything
 * that must not collide between tests made unique: server ids, topics, transactional ids,
 * checkpoint directories.
 */
public final class Pipeline {
    /** Server ids must be unique per binlog reader; tests run one after another in one JVM. */
    private static final AtomicInteger NEXT_SERVER_ID =
            new AtomicInteger(6000 + (int) (ProcessHandle.current().pid() % 400) * 50);

    private final TestDatabase database;
    private final Configuration capture = new Configuration();
    private final Configuration apply = new Configuration();
    private final Path checkpoints;

    public Pipeline(TestDatabase database, Path checkpoints) {
        this.database = database;
        this.checkpoints = checkpoints;
        String db = database.name();
        common(capture);
        common(apply);
        capture.setString("upstream.hostname", Services.HOST);
        capture.setString("upstream.port", String.valueOf(Services.upstreamCdc().port()));
        capture.setString("upstream.username", Services.upstreamCdc().username());
        capture.setString("upstream.password", Services.upstreamCdc().password());
        capture.setString("upstream.tables", db + ".*");
        capture.setString("capture.parallelism", "2");
        int serverId = NEXT_SERVER_ID.getAndAdd(4);
        capture.setString("upstream.server-id", serverId + "-" + (serverId + 3));
        capture.setString("kafka.transactional-id-prefix", "ferry-it-" + db);
        capture.setString("job.name", "capture-" + db);
        apply.setString("downstream.hostname", Services.downstreamApply().hostname());
        apply.setString("downstream.port", String.valueOf(Services.downstreamApply().port()));
        apply.setString("downstream.username", Services.downstreamApply().username());
        apply.setString("downstream.password", Services.downstreamApply().password());
        apply.setString("apply.workers", "4");
        apply.setString("kafka.consumer-group", "ferry-it-" + db);
        apply.setString("job.name", "apply-" + db);
    }

    private void common(Configuration options) {
        options.setString("kafka.bootstrap-servers", Services.KAFKA);
        options.setString("kafka.schema-topic", "ferry-schema-" + database.name());
        options.setString("kafka.transaction-topic", "ferry-tx-" + database.name());
        options.setString("job.checkpoint-interval", "2 s");
        options.setString("job.checkpoint-dir", checkpoints.toString());
        options.setString("job.restart-attempts", "0");
    }

    /** The capture job's options; tests may change them before starting. */
    public Configuration captureOptions() {
        return capture;
    }

    public Configuration applyOptions() {
        return apply;
    }

    /** {@code command --key value ...}: the options as the ferry command line takes them. */
    public static List<String> arguments(String command, Configuration options) {
        List<String> args = new ArrayList<>(List.of(command));
        new TreeMap<>(options.toMap())
                .forEach(
                        (key, value) -> {
                            args.add("--" + key);
                            args.add(value);
                        });
        return args;
    }

    /**
     * The topic of a table's changes with the default {@code kafka.topic-pattern}: one per
     * database, shared by its tables (read one table's with {@link
     * TopicReader#readCommitted(String, String)}).
     */
    public String topicOf(String table) {
        return "ferry." + database.name();
    }

    public JobClient startCapture() throws Exception {
        return CaptureJob.start(capture);
    }

    public JobClient startApply() throws Exception {
        return ApplyJob.start(apply);
    }
}
