package dev.ferry.options;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

/** Options of the apply job: how it writes downstream. */
public final class ApplyOptions {
    private ApplyOptions() {}

    public static final ConfigOption<String> CONSISTENCY =
            ConfigOptions.key("apply.consistency")
                    .stringType()
                    .defaultValue("transaction")
                    .withDescription(
                            "'transaction' commits each upstream transaction whole downstream,"
                                    + " across tables, exactly once (progress kept in the"
                                    + " downstream); 'row' keeps only each row's order, for the"
                                    + " highest throughput, with Kafka offsets in Flink"
                                    + " checkpoints.");

    public static final ConfigOption<Integer> WORKERS =
            ConfigOptions.key("apply.workers")
                    .intType()
                    .defaultValue(16)
                    .withDescription(
                            "Downstream connections writing in parallel. Transactions that touch"
                                    + " a common primary- or unique-key value run in upstream"
                                    + " order; the rest run concurrently.");

    public static final ConfigOption<Integer> BATCH_SIZE =
            ConfigOptions.key("apply.batch-size")
                    .intType()
                    .defaultValue(2000)
                    .withDescription(
                            "Most rows in one multi-row statement and in one downstream commit"
                                    + " of merged transactions (counted after folding: the"
                                    + " distinct key values they write); in row mode, changes a"
                                    + " writer buffers before it flushes.");

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
                                    + " below the downstream's limit (TiDB: txn-total-size-limit,"
                                    + " and the memory of its servers).");

    public static final ConfigOption<String> PROGRESS_DATABASE =
            ConfigOptions.key("apply.progress-database")
                    .stringType()
                    .defaultValue("ferry_meta")
                    .withDescription(
                            "Downstream database (created if missing) for the apply progress of"
                                    + " consistency=transaction: the applied transactions and the"
                                    + " Kafka offsets to restart from, one pipeline per"
                                    + " kafka.consumer-group.");

    public static final ConfigOption<MemorySize> MEMORY_LIMIT =
            ConfigOptions.key("apply.memory-limit")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(64))
                    .withDescription(
                            "Change records (as read from Kafka) that transactions being"
                                    + " assembled may hold in memory; beyond it the largest"
                                    + " transaction spills to apply.spill-dir and is still"
                                    + " committed whole.");

    public static final ConfigOption<String> SPILL_DIR =
            ConfigOptions.key("apply.spill-dir")
                    .stringType()
                    .defaultValue("")
                    .withDescription(
                            "Local directory for transactions that spill; empty means"
                                    + " <java.io.tmpdir>/ferry-spill.");

    public static final ConfigOption<MemorySize> MAX_TRANSACTION_SIZE =
            ConfigOptions.key("apply.max-transaction-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(100))
                    .withDescription(
                            "Largest upstream transaction, in change-record bytes, that is"
                                    + " committed as one downstream transaction; set it below"
                                    + " the downstream's limit (TiDB: txn-total-size-limit if set,"
                                    + " and the memory its servers can spare for one"
                                    + " transaction).");

    public static final ConfigOption<String> OVERSIZED_TRANSACTION =
            ConfigOptions.key("apply.oversized-transaction")
                    .stringType()
                    .defaultValue("stop")
                    .withDescription(
                            "What to do with a transaction above apply.max-transaction-size:"
                                    + " 'stop' the job with an error naming it (nothing is"
                                    + " lost; raise the limits and restart), or 'split' it into"
                                    + " several downstream commits, with a warning and the"
                                    + " transactionsSplit metric.");

    public static final ConfigOption<String> SCHEMA_CHANGE_BEHAVIOR =
            ConfigOptions.key("apply.schema-change-behavior")
                    .stringType()
                    .defaultValue("evolve")
                    .withDescription(
                            "Upstream DDL (apply.consistency=transaction): 'evolve' carries it"
                                    + " over at its place among the transactions; 'ignore'"
                                    + " leaves the downstream tables as they are; 'stop' stops"
                                    + " the job at it with an error naming it.");

    public static final ConfigOption<String> SKIP_SCHEMA_CHANGE =
            ConfigOptions.key("apply.skip-schema-change")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Id of one upstream DDL statement not to carry over (the id an"
                                    + " error named, e.g. 'file=mysql-bin.000003,pos=2190,ddl=0.0'),"
                                    + " after changing the downstream table by hand.");

    public static final ConfigOption<Integer> MAX_STATEMENT_BYTES =
            ConfigOptions.key("apply.max-statement-bytes")
                    .intType()
                    .defaultValue(4 * 1024 * 1024)
                    .withDescription(
                            "Largest multi-row statement in bytes; keep it below the downstream's"
                                    + " max_allowed_packet.");

    public static final ConfigOption<Duration> DOWNSTREAM_OUTAGE_TIMEOUT =
            ConfigOptions.key("apply.downstream-outage-timeout")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(5))
                    .withDescription(
                            "How long the apply waits for a downstream it lost the connection"
                                    + " to, retrying with backoff (0.5 s doubling to 10 s) while"
                                    + " the job keeps running, so an outage uses none of"
                                    + " job.restart-attempts; 'ferry status' and the metric"
                                    + " downstreamUnreachableMs show it meanwhile. Past it the"
                                    + " job fails and restarts from its progress.");
}
