package dev.ferry.options;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options every ferry job shares: name, checkpoints, restarts. */
public final class JobOptions {
    private JobOptions() {}

    public static final ConfigOption<String> NAME =
            ConfigOptions.key("job.name")
                    .stringType()
                    .noDefaultValue()
                    .withDescription("Flink job name. Default: 'ferry-capture' or 'ferry-apply'.");

    public static final ConfigOption<Duration> CHECKPOINT_INTERVAL =
            ConfigOptions.key("job.checkpoint-interval")
                    .durationType()
                    .defaultValue(Duration.ofSeconds(2))
                    .withDescription(
                            "Checkpoint interval; capture's changes become visible to"
                                    + " read_committed consumers at each checkpoint.");

    public static final ConfigOption<String> CHECKPOINT_DIR =
            ConfigOptions.key("job.checkpoint-dir")
                    .stringType()
                    .defaultValue("run/checkpoints")
                    .withDescription(
                            "Directory (or file:// / s3:// URI) for checkpoints; the job name is"
                                    + " appended. Checkpoints are kept when the job stops.");

    public static final ConfigOption<Boolean> RESUME =
            ConfigOptions.key("job.resume")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Resume from the latest checkpoint in the checkpoint directory when"
                                    + " one exists and the starting client can see it (always"
                                    + " embedded; on a cluster with shared storage too).");

    public static final ConfigOption<Integer> RESTART_ATTEMPTS =
            ConfigOptions.key("job.restart-attempts")
                    .intType()
                    .defaultValue(12)
                    .withDescription(
                            "Restarts after a failure, 5 s apart, before the job gives up and"
                                    + " reports the error; the default outlasts a minute of the"
                                    + " upstream, the broker or a TaskManager restarting.");
}
