package dev.ferry.jobs.runtime;

import dev.ferry.options.JobOptions;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.LocalStreamEnvironment;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the execution environment of a ferry job: checkpoints kept on cancellation in a directory
 * per job name, a bounded restart strategy, and a resume from the newest checkpoint found there
 * whenever the starting client can read that directory (embedded always; on a cluster when the
 * storage is shared). Flink settings given by the user win over these.
 */
public final class JobEnvironment {
    private static final Logger LOG = LoggerFactory.getLogger(JobEnvironment.class);

    private JobEnvironment() {}

    /**
     * True when jobs run on a local mini-cluster in this JVM ({@code java -jar}); false when a
     * Flink client or the web submission of a cluster runs this code.
     */
    public static boolean isEmbedded() {
        return StreamExecutionEnvironment.getExecutionEnvironment()
                instanceof LocalStreamEnvironment;
    }

    public static String jobName(Configuration options, String defaultName) {
        return options.getOptional(JobOptions.NAME).orElse(defaultName);
    }

    /** The directory holding this job's checkpoints. */
    public static Path checkpointDirectory(Configuration options, String jobName) {
        String dir = options.get(JobOptions.CHECKPOINT_DIR);
        Path base = dir.startsWith("file:") ? Path.of(java.net.URI.create(dir)) : Path.of(dir);
        return base.toAbsolutePath().resolve(jobName);
    }

    public static StreamExecutionEnvironment create(Configuration options, String defaultName) {
        return create(options, defaultName, true);
    }

    /**
     * @param checkpointed false for a job that keeps its progress outside Flink (transactional
     *     apply keeps it in the downstream): no checkpoints, no resume from one, so every start and
     *     every restart asks the sources where to begin
     */
    public static StreamExecutionEnvironment create(
            Configuration options, String defaultName, boolean checkpointed) {
        String name = jobName(options, defaultName);
        Configuration flink = new Configuration(options);
        Path checkpoints = checkpointDirectory(options, name);
        setDefault(flink, "pipeline.name", name);
        // No operator keeps a record after passing it on, so chained operators need not copy them
        // (a copy would also send ChangeEvent through Kryo for nothing).
        setDefault(flink, "pipeline.object-reuse", "true");
        if (checkpointed) {
            setDefault(
                    flink,
                    "execution.checkpointing.interval",
                    options.get(JobOptions.CHECKPOINT_INTERVAL).toMillis() + " ms");
        }
        setDefault(
                flink,
                "execution.checkpointing.externalized-checkpoint-retention",
                "RETAIN_ON_CANCELLATION");
        setDefault(flink, "execution.checkpointing.dir", checkpoints.toUri().toString());
        setDefault(flink, "execution.checkpointing.num-retained", "3");
        setDefault(flink, "state.backend.type", "hashmap");
        setDefault(flink, "restart-strategy.type", "fixed-delay");
        setDefault(
                flink,
                "restart-strategy.fixed-delay.attempts",
                String.valueOf(options.get(JobOptions.RESTART_ATTEMPTS)));
        setDefault(flink, "restart-strategy.fixed-delay.delay", "5 s");
        Monitoring.configure(options, flink);
        if (checkpointed
                && options.get(JobOptions.RESUME)
                && !flink.containsKey("execution.state-recovery.path")) {
            Optional<Path> latest = LatestCheckpoint.in(checkpoints);
            latest.ifPresent(
                    path -> {
                        LOG.info("Resuming {} from checkpoint {}", name, path);
                        flink.setString("execution.state-recovery.path", path.toUri().toString());
                    });
        }
        return StreamExecutionEnvironment.getExecutionEnvironment(flink);
    }

    private static void setDefault(Configuration flink, String key, String value) {
        if (!flink.containsKey(key)) {
            flink.setString(key, value);
        }
    }
}
