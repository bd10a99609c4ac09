package dev.ferry.capture;

import dev.ferry.capture.filter.ChangeFilter;
import dev.ferry.capture.filter.TableSelection;
import dev.ferry.capture.kafka.TopicRouting;
import dev.ferry.capture.route.TableRouter;
import dev.ferry.config.FerryConfigException;
import dev.ferry.config.KafkaClientConfig;
import dev.ferry.config.Settings;
import dev.ferry.envelope.TableId;
import dev.ferry.heartbeat.HeartbeatTable;
import dev.ferry.jdbc.DatabaseEndpoint;
import dev.ferry.options.CaptureOptions;
import dev.ferry.options.KafkaOptions;
import dev.ferry.options.MonitoringOptions;
import dev.ferry.options.UpstreamOptions;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import org.apache.flink.configuration.ReadableConfig;

/** The capture job's settings, read and checked from its options. */
public final class CaptureConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    public final DatabaseEndpoint upstream;

    /** The tables captured: upstream.tables, .include and .exclude, and the heartbeat table. */
    public final TableSelection tables;

    /** What replicates of the captured tables' changes: filter.* options. */
    public final ChangeFilter filter;

    /** Where the captured tables are written: route.* options. */
    public final TableRouter router;

    public final String serverId;
    public final String serverTimeZone;
    public final int parallelism;
    public final int chunkSize;
    public final int fetchSize;
    public final boolean skipBackfill;
    public final boolean snapshot;

    /** capture.binlog.keep-alive-interval, in milliseconds. */
    public final long binlogKeepAliveMs;

    public final String bootstrapServers;

    /** The bootstrap servers and kafka.properties.* of every Kafka client. */
    public final KafkaClientConfig kafka;

    public final TopicRouting routing;
    public final String schemaTopic;
    public final String transactionTopic;
    public final int topicPartitions;
    public final short replicationFactor;
    public final String transactionalIdPrefix;
    public final String compression;

    /** The heartbeat table (monitoring.heartbeat-table), captured with the tables; or null. */
    public final HeartbeatTable heartbeat;

    private CaptureConfig(ReadableConfig options, Function<String, String> environment) {
        this.upstream = Settings.endpoint(options, UpstreamOptions.ENDPOINT, environment);
        this.heartbeat =
                options.getOptional(MonitoringOptions.HEARTBEAT_TABLE)
                        .filter(t -> !t.isBlank())
                        .map(HeartbeatTable::parse)
                        .orElse(null);
        this.tables =
                TableSelection.of(
                        Arrays.stream(
                                        options.getOptional(UpstreamOptions.TABLES)
                                                .orElse("")
                                                .split(","))
                                .map(String::strip)
                                .filter(s -> !s.isEmpty())
                                .distinct()
                                .toList(),
                        options.getOptional(UpstreamOptions.TABLES_INCLUDE).orElse(List.of()),
                        options.getOptional(UpstreamOptions.TABLES_EXCLUDE).orElse(List.of()),
                        heartbeat == null ? null : TableId.parse(heartbeat.qualifiedName()));
        this.filter = ChangeFilter.from(options);
        this.router = TableRouter.from(options);
        this.parallelism = Settings.atLeast(options, CaptureOptions.PARALLELISM, 1);
        this.serverId =
                options.getOptional(UpstreamOptions.SERVER_ID)
                        .orElse(parallelism == 1 ? "5400" : "5400-" + (5400 + parallelism - 1));
        checkServerIdRange(serverId, parallelism);
        this.serverTimeZone = options.get(UpstreamOptions.SERVER_TIME_ZONE);
        this.chunkSize = Settings.atLeast(options, CaptureOptions.CHUNK_SIZE, 1);
        this.fetchSize = Settings.atLeast(options, CaptureOptions.FETCH_SIZE, 1);
        this.skipBackfill = options.get(CaptureOptions.SKIP_BACKFILL);
        this.snapshot =
                Settings.oneOf(options, CaptureOptions.STARTUP_MODE, "initial", "latest")
                        .equals("initial");
        this.binlogKeepAliveMs = options.get(CaptureOptions.BINLOG_KEEP_ALIVE_INTERVAL).toMillis();
        if (binlogKeepAliveMs < 1000) {
            throw new FerryConfigException(
                    CaptureOptions.BINLOG_KEEP_ALIVE_INTERVAL.key()
                            + " must be at least 1 s, but is "
                            + binlogKeepAliveMs
                            + " ms.");
        }
        this.bootstrapServers = options.get(KafkaOptions.BOOTSTRAP_SERVERS);
        this.kafka = KafkaClientConfig.from(options, bootstrapServers, environment);
        this.routing =
                new TopicRouting(
                        options.get(KafkaOptions.TOPIC_PATTERN),
                        TopicRouting.parsePartitionBy(options.get(KafkaOptions.PARTITION_BY)));
        this.schemaTopic = options.get(KafkaOptions.SCHEMA_TOPIC);
        this.transactionTopic = options.get(KafkaOptions.TRANSACTION_TOPIC);
        this.topicPartitions = Settings.atLeast(options, KafkaOptions.TOPIC_PARTITIONS, 1);
        this.replicationFactor =
                (short) Settings.atLeast(options, KafkaOptions.REPLICATION_FACTOR, 1);
        this.transactionalIdPrefix = options.get(KafkaOptions.TRANSACTIONAL_ID_PREFIX);
        this.compression =
                Settings.oneOf(
                        options, KafkaOptions.COMPRESSION, "none", "gzip", "snappy", "lz4", "zstd");
    }

    public static CaptureConfig from(ReadableConfig options) {
        return new CaptureConfig(options, System::getenv);
    }

    public static CaptureConfig from(ReadableConfig options, Function<String, String> environment) {
        return new CaptureConfig(options, environment);
    }

    private static void checkServerIdRange(String serverId, int parallelism) {
        String[] bounds = serverId.split("-");
        try {
            long start = Long.parseLong(bounds[0].strip());
            long end = bounds.length > 1 ? Long.parseLong(bounds[1].strip()) : start;
            if (bounds.length > 2 || end < start) {
                throw new NumberFormatException();
            }
            if (end - start + 1 < parallelism) {
                throw new FerryConfigException(
                        "upstream.server-id '"
                                + serverId
                                + "' holds "
                                + (end - start + 1)
                                + " ids but capture.parallelism is "
                                + parallelism
                                + ": give a range with one id per subtask, e.g. 5400-"
                                + (5400 + parallelism - 1)
                                + ".");
            }
        } catch (NumberFormatException e) {
            throw new FerryConfigException(
                    "upstream.server-id must be a number or a range 'start-end', but is '"
                            + serverId
                            + "'.");
        }
    }
}
