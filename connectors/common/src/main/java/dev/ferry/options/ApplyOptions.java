package dev.ferry.options;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options of the apply job: how it writes downstream. */
public final class ApplyOptions {
    private ApplyOptions() {}

    public static final ConfigOption<Integer> PARALLELISM =
            ConfigOptions.key("apply.parallelism")
                    .intType()
                    .defaultValue(4)
                    .withDescription("Writers, each with its own downstream connection.");

    public static final ConfigOption<Integer> BATCH_SIZE =
            ConfigOptions.key("apply.batch-size")
                    .intType()
                    .defaultValue(2000)
                    .withDescription(
                            "Rows a writer buffers before it flushes; also the most rows in one"
                                    + " multi-row statement.");

    public static final ConfigOption<Duration> FLUSH_INTERVAL =
            ConfigOptions.key("apply.flush-interval")
                    .durationType()
                    .defaultValue(Duration.ofMillis(500))
                    .withDescription("Longest time a change waits in a writer's buffer.");

    public static final ConfigOption<Integer> MAX_BATCH_BYTES =
            ConfigOptions.key("apply.max-batch-bytes")
                    .intType()
                    .defaultValue(32 * 1024 * 1024)
                    .withDescription(
                            "Largest flush in bytes of change records: it bounds each writer's"
                                    + " memory and each downstream transaction, which must stay"
                                    + " below TiDB's txn-total-size-limit (100 MB by default).");

    public static final ConfigOption<Integer> MAX_STATEMENT_BYTES =
            ConfigOptions.key("apply.max-statement-bytes")
                    .intType()
                    .defaultValue(4 * 1024 * 1024)
                    .withDescription(
                            "Largest multi-row statement in bytes; keep it below the downstream's"
                                    + " max_allowed_packet.");
}
