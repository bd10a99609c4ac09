package dev.ferry.capture;

import dev.ferry.capture.filter.ChangeFilter;
import dev.ferry.capture.kafka.CaptureRecordSerializer;
import dev.ferry.capture.kafka.KafkaTopics;
import dev.ferry.capture.metrics.CaptureMetrics;
import dev.ferry.capture.metrics.CaptureMetricsFunction;
import dev.ferry.capture.preflight.UpstreamDefinitions;
import dev.ferry.capture.route.Route;
import dev.ferry.capture.route.ShardDdlCoordinator;
import dev.ferry.capture.route.ShardDdlFunction;
import dev.ferry.capture.route.TableRouter;
import dev.ferry.capture.source.CaptureRecord;
import dev.ferry.capture.source.ChangeEventDeserializer;
import dev.ferry.capture.source.TransactionBoundaryEmitter;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import dev.ferry.jdbc.tls.TlsConfig;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.cdc.connectors.mysql.source.EmitterReplacingSourceFactory;
import org.apache.flink.cdc.connectors.mysql.source.MySqlSource;
import org.apache.flink.cdc.connectors.mysql.source.MySqlSourceBuilder;
import org.apache.flink.cdc.connectors.mysql.table.StartupOptions;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.catalog.ObjectPath;

/**
 * Wires the capture dataflow: Flink CDC's MySQL source (chunked, parallel, lock-free snapshot, then
 * the binlog, with transaction ENDs) into Kafka through the exactly-once Kafka sink.
 */
public final class CapturePipeline {
    private CapturePipeline() {}

    /** Adds the capture dataflow for {@code tables} to {@code env}. */
    public static void build(
            StreamExecutionEnvironment env, CaptureConfig config, List<TableSchema> tables) {
        DataStream<CaptureRecord> records =
                env.fromSource(
                                source(config, tables),
                                WatermarkStrategy.noWatermarks(),
                                "mysql-binlog")
                        .uid("mysql-binlog")
                        .setParallelism(config.parallelism);
        // Merged shards' DDL: held back until every shard has run it (docs/filters.md, Routing)
        DataStream<CaptureRecord> coordinated =
                records.flatMap(
                                new ShardDdlFunction(coordinator(config, tables)),
                                records.getType())
                        .uid(ShardDdlFunction.OPERATOR)
                        .name(ShardDdlFunction.OPERATOR)
                        .setParallelism(config.parallelism);
        DataStream<CaptureRecord> changes =
                coordinated
                        .map(
                                new CaptureMetricsFunction(
                                        config.heartbeat,
                                        config.upstream,
                                        config.transactionalIdPrefix),
                                records.getType())
                        .uid(CaptureMetrics.OPERATOR)
                        .name(CaptureMetrics.OPERATOR)
                        .setParallelism(config.parallelism);
        changes.sinkTo(sink(config))
                .uid("kafka-envelopes")
                .name("kafka-envelopes")
                .setParallelism(config.parallelism);
    }

    /** The shard DDL coordinator of a capture without state: each merged target's shards. */
    static ShardDdlCoordinator coordinator(CaptureConfig config, List<TableSchema> tables) {
        ShardDdlCoordinator coordinator = new ShardDdlCoordinator(config.router.maxHeldChanges());
        Map<TableId, TableSchema> definitions = new LinkedHashMap<>();
        Map<TableId, Set<TableId>> shards = new LinkedHashMap<>();
        for (TableSchema table : tables) {
            Route route = config.router.routeOf(table.tableId());
            if (route.changesRows()) {
                definitions.putIfAbsent(
                        route.target(), config.router.targetDefinition(table, config.routing));
                shards.computeIfAbsent(route.target(), t -> new LinkedHashSet<>())
                        .add(table.tableId());
            }
        }
        shards.forEach(
                (target, sources) ->
                        coordinator.addTarget(target, definitions.get(target), sources));
        return coordinator;
    }

    static MySqlSource<CaptureRecord> source(CaptureConfig config, List<TableSchema> tables) {
        // Patterns stay patterns, so that tables created later are captured from their first row
        String[] tableNames = config.tables.sourceTableList();
        String[] databases =
                config.tables.sourceDatabaseList(
                        tables.stream().map(TableSchema::tableId).toList());
        ChangeEventDeserializer deserializer = new ChangeEventDeserializer();
        MySqlSourceBuilder<CaptureRecord> builder =
                MySqlSource.<CaptureRecord>builder()
                        .hostname(config.upstream.hostname())
                        .port(config.upstream.port())
                        .username(config.upstream.username())
                        .password(config.upstream.password())
                        .databaseList(databases)
                        .tableList(tableNames)
                        .serverId(config.serverId)
                        .serverTimeZone(config.serverTimeZone)
                        .splitSize(config.chunkSize)
                        .fetchSize(config.fetchSize)
                        .skipSnapshotBackfill(config.skipBackfill)
                        .startupOptions(
                                config.snapshot
                                        ? StartupOptions.initial()
                                        : StartupOptions.latest())
                        .debeziumProperties(debeziumProperties(tables, config))
                        .jdbcProperties(jdbcProperties(config.upstream.tls()))
                        .closeIdleReaders(false)
                        // DDL in binlog order with the rows (docs/envelope.md, Schema changes)
                        .includeSchemaChanges(true)
                        .deserializer(deserializer);
        for (TableSchema table : UniqueKeyTables.of(tables)) {
            builder.chunkKeyColumn(
                    new ObjectPath(table.database(), table.table()),
                    UniqueKeyTables.keyColumns(table).get(0));
        }
        KafkaClientConfig kafka = config.kafka;
        String schemaTopic = config.schemaTopic;
        String transactionTopic = config.transactionTopic;
        int partitions = config.topicPartitions;
        short replication = config.replicationFactor;
        UpstreamDefinitions definitions =
                new UpstreamDefinitions(
                        config.upstream,
                        config.routing,
                        config.filter,
                        config.router,
                        topic ->
                                new KafkaTopics(kafka)
                                        .ensureTopics(
                                                List.of(topic),
                                                schemaTopic,
                                                transactionTopic,
                                                partitions,
                                                replication));
        TlsConfig tls = config.upstream.tls();
        ChangeFilter filter = config.filter;
        TableRouter router = config.router;
        return EmitterReplacingSourceFactory.withEmitter(
                builder.build(),
                deserializer,
                (metrics, sourceConfig) ->
                        TransactionBoundaryEmitter.create(
                                metrics, sourceConfig, definitions, filter, router),
                tls::prepare);
    }

    private static Properties debeziumProperties(List<TableSchema> tables, CaptureConfig config) {
        // database.ssl.* for the binlog client, the driver's TLS settings for Debezium's queries.
        Properties properties = config.upstream.tls().debeziumProperties();
        UniqueKeyTables.messageKeyColumns(tables)
                .ifPresent(keys -> properties.setProperty("message.key.columns", keys));
        // BEGIN/END records for TransactionBoundaryEmitter, which also keeps the transaction_*
        // offset keys this adds out of checkpoints (Debezium cannot restore them from there).
        properties.setProperty("provide.transaction.metadata", "true");
        // Exact values: BIGINT UNSIGNED above 2^63 and DECIMAL digits survive.
        properties.setProperty("bigint.unsigned.handling.mode", "precise");
        properties.setProperty("decimal.handling.mode", "precise");
        properties.setProperty("binary.handling.mode", "bytes");
        // Debezium's queue waits up to poll.interval.ms (500 ms by default) for a full batch, at
        // every snapshot chunk's read and again at its close: a fixed ~1 s per chunk that capped
        // the snapshot near 20k rows/s while the CPU idled. A short poll and larger batches
        // remove that wait.
        properties.setProperty("poll.interval.ms", "10");
        properties.setProperty("max.batch.size", "4096");
        properties.setProperty("max.queue.size", "16384");
        // A connection this long without an event counts as lost; BinlogGuardingSplitReader then
        // restarts the capture from its checkpoint rather than let the client resume
        // mid-transaction.
        properties.setProperty(
                "connect.keep.alive.interval.ms", Long.toString(config.binlogKeepAliveMs));
        return properties;
    }

    /** Flink CDC's own JDBC connections (snapshot chunks): TLS as configured. */
    private static Properties jdbcProperties(TlsConfig tls) {
        Properties properties = tls.driverProperties();
        properties.setProperty("allowPublicKeyRetrieval", "true");
        return properties;
    }

    static KafkaSink<CaptureRecord> sink(CaptureConfig config) {
        Properties producer = new Properties();
        // The broker caps transactions at transaction.max.timeout.ms (15 min by default).
        producer.setProperty("transaction.timeout.ms", "900000");
        // Fewer, larger record batches: less work per change in the producer and in the broker
        // (benchmarks/capture-replay.sh, oltp_insert binlog backlog, six interleaved rounds:
        // capture CPU per change 0.55-0.99x, mean 0.77x, of linger 20 ms and 512 KiB; linger
        // alone did not pay). Freshness loses nothing: records become visible at the
        // checkpoint's commit, and the commit flushes the producer without waiting for
        // linger.ms.
        producer.setProperty("linger.ms", "100");
        producer.setProperty("batch.size", String.valueOf(2 * 1024 * 1024));
        producer.setProperty("compression.type", config.compression);
        producer.setProperty("max.request.size", String.valueOf(16 * 1024 * 1024));
        producer.putAll(config.kafka.clientProperties());
        return KafkaSink.<CaptureRecord>builder()
                .setBootstrapServers(config.bootstrapServers)
                .setRecordSerializer(
                        new CaptureRecordSerializer(
                                config.routing,
                                config.transactionTopic,
                                config.schemaTopic,
                                "ferry"))
                .setDeliveryGuarantee(DeliveryGuarantee.EXACTLY_ONCE)
                .setTransactionalIdPrefix(config.transactionalIdPrefix)
                .setKafkaProducerConfig(producer)
                .build();
    }
}
