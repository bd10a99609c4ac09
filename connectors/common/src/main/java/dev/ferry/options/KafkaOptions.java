package dev.ferry.options;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options of the Kafka cluster between capture and apply, and of the topics on it. */
public final class KafkaOptions {
    private KafkaOptions() {}

    public static final ConfigOption<String> BOOTSTRAP_SERVERS =
            ConfigOptions.key("kafka.bootstrap-servers")
                    .stringType()
                    .defaultValue("127.0.0.1:9092")
                    .withDescription("Kafka bootstrap servers.");

    public static final ConfigOption<String> TOPIC_PATTERN =
            ConfigOptions.key("kafka.topic-pattern")
                    .stringType()
                    .defaultValue("ferry.{database}")
                    .withDescription(
                            "Name of the topic a table's changes go to; {database} and {table} are"
                                    + " replaced. The default puts every table of a database in"
                                    + " one topic (consumers select a table by the envelope's"
                                    + " source.table), so the cost per change does not grow with"
                                    + " the table count; ferry.{database}.{table} gives each table"
                                    + " a topic of its own.");

    public static final ConfigOption<String> SCHEMA_TOPIC =
            ConfigOptions.key("kafka.schema-topic")
                    .stringType()
                    .defaultValue("ferry-schema")
                    .withDescription(
                            "Compacted topic where capture publishes each table's definition and"
                                    + " apply reads it to create missing tables.");

    public static final ConfigOption<String> TRANSACTION_TOPIC =
            ConfigOptions.key("kafka.transaction-topic")
                    .stringType()
                    .defaultValue("ferry-transactions")
                    .withDescription(
                            "One-partition topic where capture writes an END record per upstream"
                                    + " transaction (its id and event count per table); apply"
                                    + " reads it to commit each transaction whole.");

    public static final ConfigOption<String> PARTITION_BY =
            ConfigOptions.key("kafka.partition-by")
                    .stringType()
                    .defaultValue("table")
                    .withDescription(
                            "'table' sends all changes of a table to one partition, keeping the"
                                    + " table in commit order; 'key' spreads them by primary key,"
                                    + " keeping only each row in order.");

    public static final ConfigOption<Integer> TOPIC_PARTITIONS =
            ConfigOptions.key("kafka.topic-partitions")
                    .intType()
                    .defaultValue(1)
                    .withDescription("Partitions of each change topic that capture creates.");

    public static final ConfigOption<Integer> REPLICATION_FACTOR =
            ConfigOptions.key("kafka.replication-factor")
                    .intType()
                    .defaultValue(1)
                    .withDescription("Replication factor of the topics that capture creates.");

    public static final ConfigOption<String> COMPRESSION =
            ConfigOptions.key("kafka.compression")
                    .stringType()
                    .defaultValue("lz4")
                    .withDescription(
                            "Compression of the change records: none, gzip, snappy, lz4 or zstd."
                                    + " 'none' saves CPU when Kafka runs on the same host.");

    public static final ConfigOption<String> TRANSACTIONAL_ID_PREFIX =
            ConfigOptions.key("kafka.transactional-id-prefix")
                    .stringType()
                    .defaultValue("ferry-capture")
                    .withDescription(
                            "Prefix of the capture job's Kafka transactional ids; unique per"
                                    + " capture job on one Kafka cluster.");

    public static final ConfigOption<String> CONSUMER_GROUP =
            ConfigOptions.key("kafka.consumer-group")
                    .stringType()
                    .defaultValue("ferry-apply")
                    .withDescription(
                            "Consumer group of the apply job, and the name of its progress in the"
                                    + " downstream with apply.consistency=transaction; unique per"
                                    + " apply pipeline.");
}
