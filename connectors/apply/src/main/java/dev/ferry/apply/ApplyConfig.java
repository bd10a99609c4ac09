package dev.ferry.apply;

import dev.ferry.config.Settings;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.options.ApplyOptions;
import dev.ferry.options.DownstreamOptions;
import dev.ferry.options.KafkaOptions;
import java.io.Serializable;
import java.util.function.Function;
import org.apache.flink.configuration.ReadableConfig;

/** The apply job's settings, read and checked from its options. */
public final class ApplyConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    public final DatabaseEndpoint downstream;
    public final boolean createMissingTables;
    public final String bootstrapServers;
    public final String schemaTopic;
    public final String consumerGroup;
    public final int parallelism;
    public final int batchSize;
    public final long flushIntervalMs;
    public final int maxStatementBytes;
    public final int maxBatchBytes;

    private ApplyConfig(ReadableConfig options, Function<String, String> environment) {
        this.downstream = Settings.endpoint(options, DownstreamOptions.ENDPOINT, environment);
        this.createMissingTables =
                Settings.oneOf(options, DownstreamOptions.CREATE_TABLES, "missing", "never")
                        .equals("missing");
        this.bootstrapServers = options.get(KafkaOptions.BOOTSTRAP_SERVERS);
        this.schemaTopic = options.get(KafkaOptions.SCHEMA_TOPIC);
        this.consumerGroup = options.get(KafkaOptions.CONSUMER_GROUP);
        this.parallelism = Settings.atLeast(options, ApplyOptions.PARALLELISM, 1);
        this.batchSize = Settings.atLeast(options, ApplyOptions.BATCH_SIZE, 1);
        this.flushIntervalMs = Math.max(1, options.get(ApplyOptions.FLUSH_INTERVAL).toMillis());
        this.maxStatementBytes = Settings.atLeast(options, ApplyOptions.MAX_STATEMENT_BYTES, 1024);
        this.maxBatchBytes = Settings.atLeast(options, ApplyOptions.MAX_BATCH_BYTES, 1024);
    }

    public static ApplyConfig from(ReadableConfig options) {
        return new ApplyConfig(options, System::getenv);
    }

    public static ApplyConfig from(ReadableConfig options, Function<String, String> environment) {
        return new ApplyConfig(options, environment);
    }
}
