package dev.ferry.apply;

import dev.ferry.config.KafkaClientConfig;
import dev.ferry.config.Settings;
import dev.ferry.heartbeat.HeartbeatTable;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.options.ApplyOptions;
import dev.ferry.options.DownstreamOptions;
import dev.ferry.options.KafkaOptions;
import dev.ferry.options.MonitoringOptions;
import dev.ferry.options.PoisonRecordOptions;
import java.io.Serializable;
import java.util.function.Function;
import org.apache.flink.configuration.ReadableConfig;

/** The apply job's settings, read and checked from its options. */
public final class ApplyConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    public final DatabaseEndpoint downstream;
    public final boolean createMissingTables;
    public final String bootstrapServers;

    /** The bootstrap servers and kafka.properties.* of every Kafka client. */
    public final KafkaClientConfig kafka;

    public final String schemaTopic;
    public final String consumerGroup;
    public final String transactionTopic;
    public final boolean transactional;
    public final int workers;
    public final long memoryLimitBytes;
    public final String spillDir;
    public final String progressDatabase;
    public final long maxTransactionBytes;
    public final boolean splitOversizedTransactions;
    public final int batchSize;
    public final long flushIntervalMs;
    public final int maxStatementBytes;
    public final int maxBatchBytes;
    public final String schemaChangeBehavior;
    public final String skippedSchemaChange;

    /** How long the writers wait for a lost downstream before the job fails. */
    public final long downstreamOutageTimeoutMs;

    /** The heartbeat table (monitoring.heartbeat-table) the delay is measured with, or null. */
    public final HeartbeatTable heartbeat;

    /** Null to stop at a poison record; else the topic poison records are copied to. */
    public final String deadLetterTopic;

    private ApplyConfig(ReadableConfig options, Function<String, String> environment) {
        this.downstream = Settings.endpoint(options, DownstreamOptions.ENDPOINT, environment);
        this.createMissingTables =
                Settings.oneOf(options, DownstreamOptions.CREATE_TABLES, "missing", "never")
                        .equals("missing");
        this.bootstrapServers = options.get(KafkaOptions.BOOTSTRAP_SERVERS);
        this.kafka = KafkaClientConfig.from(options, bootstrapServers, environment);
        this.schemaTopic = options.get(KafkaOptions.SCHEMA_TOPIC);
        this.consumerGroup = options.get(KafkaOptions.CONSUMER_GROUP);
        this.transactionTopic = options.get(KafkaOptions.TRANSACTION_TOPIC);
        this.transactional =
                Settings.oneOf(options, ApplyOptions.CONSISTENCY, "transaction", "row")
                        .equals("transaction");
        this.workers = Settings.atLeast(options, ApplyOptions.WORKERS, 1);
        this.memoryLimitBytes = options.get(ApplyOptions.MEMORY_LIMIT).getBytes();
        String spill = options.get(ApplyOptions.SPILL_DIR).strip();
        this.spillDir =
                spill.isEmpty() ? System.getProperty("java.io.tmpdir") + "/ferry-spill" : spill;
        this.progressDatabase = options.get(ApplyOptions.PROGRESS_DATABASE);
        this.maxTransactionBytes = options.get(ApplyOptions.MAX_TRANSACTION_SIZE).getBytes();
        this.splitOversizedTransactions =
                Settings.oneOf(options, ApplyOptions.OVERSIZED_TRANSACTION, "stop", "split")
                        .equals("split");
        this.batchSize = Settings.atLeast(options, ApplyOptions.BATCH_SIZE, 1);
        this.flushIntervalMs = Math.max(1, options.get(ApplyOptions.FLUSH_INTERVAL).toMillis());
        this.maxStatementBytes = Settings.atLeast(options, ApplyOptions.MAX_STATEMENT_BYTES, 1024);
        this.maxBatchBytes = Settings.atLeast(options, ApplyOptions.MAX_BATCH_BYTES, 1024);
        this.heartbeat =
                options.getOptional(MonitoringOptions.HEARTBEAT_TABLE)
                        .filter(t -> !t.isBlank())
                        .map(HeartbeatTable::parse)
                        .orElse(null);
        this.deadLetterTopic =
                Settings.oneOf(options, PoisonRecordOptions.POISON_RECORDS, "stop", "dead-letter")
                                .equals("dead-letter")
                        ? options.get(PoisonRecordOptions.DEAD_LETTER_TOPIC)
                        : null;
        this.schemaChangeBehavior =
                Settings.oneOf(
                        options, ApplyOptions.SCHEMA_CHANGE_BEHAVIOR, "evolve", "ignore", "stop");
        this.skippedSchemaChange = options.getOptional(ApplyOptions.SKIP_SCHEMA_CHANGE).orElse("");
        this.downstreamOutageTimeoutMs =
                options.get(ApplyOptions.DOWNSTREAM_OUTAGE_TIMEOUT).toMillis();
    }

    public static ApplyConfig from(ReadableConfig options) {
        return new ApplyConfig(options, System::getenv);
    }

    public static ApplyConfig from(ReadableConfig options, Function<String, String> environment) {
        return new ApplyConfig(options, environment);
    }
}
