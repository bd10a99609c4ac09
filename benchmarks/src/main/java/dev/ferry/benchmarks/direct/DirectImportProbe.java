package dev.ferry.benchmarks.direct;

import dev.ferry.benchmarks.probe.Args;
import dev.ferry.benchmarks.probe.ProcessCpu;
import dev.ferry.benchmarks.probe.ResultLine;
import dev.ferry.jdbc.Connections;
import dev.ferry.jdbc.DatabaseEndpoint;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.cdc.connectors.mysql.source.MySqlSource;
import org.apache.flink.cdc.connectors.mysql.table.StartupOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A probe, not a product option (issue 23): the full import without Kafka. Flink CDC's MySQL source
 * reads the snapshot (chunked, parallel, snapshot-only startup) and, chained in the same task, the
 * rows go straight to wide multi-row upserts downstream ({@code --sink upsert}), or are dropped and
 * counted ({@code --sink discard}: the floor, what the snapshot read alone costs). No Kafka, no
 * envelope, no JSON in between. The source takes the capture's settings (chunk size, fetch size,
 * backfill, Debezium's queue and poll settings).
 *
 * <pre>
 * java -cp ferry-benchmarks.jar dev.ferry.benchmarks.direct.DirectImportProbe
 *     --database DB [--tables 'sbtest[0-9]+'] --upstream-port P --downstream-port P
 *     [--upstream-user ferry_cdc --upstream-password ferry_cdc]
 *     [--downstream-user ferry_apply --downstream-password ferry_apply] [--host 127.0.0.1]
 *     [--upstream-host HOST] [--downstream-host HOST]
 *     [--server-id 6600-6603] [--parallelism 4] [--chunk-size 8096] [--fetch-size 4096]
 *     [--skip-backfill false] [--sink upsert|discard] [--rows-per-statement 2000]
 *     [--connections 4]
 * </pre>
 *
 * <p>A password not given as a flag comes from FERRY_UPSTREAM_PASSWORD / FERRY_DOWNSTREAM_PASSWORD
 * (where {@code ps} does not show it), else is bin/services' for its user; {@code --host} is the
 * default of both hosts. The downstream tables must exist and be empty. At the end it compares
 * every table's row count and CRC32 sum upstream and downstream (with {@code discard}: the rows
 * read against the upstream's count) and exits with status 1 naming the tables that differ. It
 * prints one line: rows, seconds (job start to end, JVM start excluded), rows/s, and this JVM's CPU
 * seconds (JVM start included, the checks excluded) and CPU µs per row.
 */
public final class DirectImportProbe {
    private static final Set<String> NAMES =
            Set.of(
                    "database",
                    "tables",
                    "host",
                    "upstream-host",
                    "downstream-host",
                    "upstream-port",
                    "upstream-user",
                    "upstream-password",
                    "downstream-port",
                    "downstream-user",
                    "downstream-password",
                    "server-id",
                    "parallelism",
                    "chunk-size",
                    "fetch-size",
                    "skip-backfill",
                    "sink",
                    "rows-per-statement",
                    "connections");

    private DirectImportProbe() {}

    public static void main(String[] argv) throws Exception {
        Args args = Args.parse("DirectImportProbe", argv, NAMES);
        String database = args.get("database");
        String tables = args.get("tables", "sbtest[0-9]+");
        String host = args.get("host", "127.0.0.1");
        DatabaseEndpoint upstream =
                endpoint(args, "upstream", host, "ferry_cdc", "FERRY_UPSTREAM_PASSWORD");
        DatabaseEndpoint downstream =
                endpoint(args, "downstream", host, "ferry_apply", "FERRY_DOWNSTREAM_PASSWORD");
        int parallelism = (int) args.getLong("parallelism", 4);
        int connections = (int) args.getLong("connections", parallelism);
        if (connections < parallelism || connections % parallelism != 0) {
            throw new IllegalArgumentException(
                    "DirectImportProbe: --connections ("
                            + connections
                            + ") must be a multiple of --parallelism ("
                            + parallelism
                            + "): each source subtask writes over its own connections");
        }
        String sink = args.get("sink", "upsert");
        if (!sink.equals("upsert") && !sink.equals("discard")) {
            throw new IllegalArgumentException(
                    "DirectImportProbe: --sink must be upsert or discard, got '" + sink + "'");
        }

        Configuration flink = new Configuration();
        flink.setString("pipeline.name", "direct-import-probe");
        // Rows pass from the source to the chained sink without a copy (SnapshotRow would go
        // through Kryo otherwise).
        flink.setString("pipeline.object-reuse", "true");
        flink.setString("restart-strategy.type", "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(flink);
        env.setParallelism(parallelism);

        MySqlSource<SnapshotRow> source =
                MySqlSource.<SnapshotRow>builder()
                        .hostname(upstream.hostname())
                        .port(upstream.port())
                        .username(upstream.username())
                        .password(upstream.password())
                        .databaseList(database)
                        .tableList(database + "." + tables)
                        .serverId(args.get("server-id", "6600-" + (6600 + parallelism - 1)))
                        .serverTimeZone("UTC")
                        .splitSize((int) args.getLong("chunk-size", 8096))
                        .fetchSize((int) args.getLong("fetch-size", 4096))
                        .skipSnapshotBackfill(
                                Boolean.parseBoolean(args.get("skip-backfill", "false")))
                        .startupOptions(StartupOptions.snapshot())
                        .debeziumProperties(debeziumProperties())
                        .jdbcProperties(jdbcProperties())
                        .deserializer(new SnapshotRowDeserializer())
                        .build();
        DataStream<SnapshotRow> rows =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "snapshot");
        if (sink.equals("discard")) {
            rows.addSink(new CountingDiscardSink()).name("discard");
        } else {
            rows.sinkTo(
                            new WideUpsertSink(
                                    downstream,
                                    (int) args.getLong("rows-per-statement", 2000),
                                    connections / parallelism))
                    .name("wide-upserts");
        }

        long started = System.nanoTime();
        JobExecutionResult result = env.execute("direct-import-probe");
        double seconds = (System.nanoTime() - started) / 1e9;
        long cpuMillis = ProcessCpu.millis(); // before the checks below, JVM start included

        List<String> differences;
        long copied;
        try (Connection up = Connections.open(upstream);
                Connection down = Connections.open(downstream)) {
            List<String> names = TableChecksums.tables(up, database, tables);
            Map<String, TableChecksums.Checksum> upSums = TableChecksums.read(up, database, names);
            long upstreamRows =
                    upSums.values().stream().mapToLong(TableChecksums.Checksum::rows).sum();
            if (sink.equals("discard")) {
                Long read = result.getAccumulatorResult(CountingDiscardSink.ROWS);
                copied = read == null ? 0 : read;
                differences =
                        copied == upstreamRows
                                ? List.of()
                                : List.of(
                                        "read "
                                                + copied
                                                + " rows, the upstream tables hold "
                                                + upstreamRows);
            } else {
                differences =
                        TableChecksums.differences(
                                upSums, TableChecksums.read(down, database, names));
                copied = upstreamRows;
            }
        }
        if (!differences.isEmpty()) {
            System.err.println(
                    "DirectImportProbe: the copy is NOT equal to the upstream:\n  "
                            + String.join("\n  ", differences));
            System.exit(1);
        }
        System.out.println(
                new ResultLine()
                        .put("sink", sink)
                        .put("rows", copied)
                        .put("seconds", String.format(Locale.ROOT, "%.3f", seconds))
                        .put("rows_per_second", Math.round(copied / seconds))
                        .put("cpu_seconds", String.format(Locale.ROOT, "%.2f", cpuMillis / 1e3))
                        .put(
                                "cpu_us_per_row",
                                String.format(
                                        Locale.ROOT,
                                        "%.1f",
                                        copied == 0 ? 0 : cpuMillis * 1e3 / copied)));
    }

    /** The capture's Debezium settings for the snapshot (CapturePipeline#debeziumProperties). */
    private static Properties debeziumProperties() {
        Properties properties = new Properties();
        properties.setProperty("bigint.unsigned.handling.mode", "precise");
        properties.setProperty("decimal.handling.mode", "precise");
        properties.setProperty("binary.handling.mode", "bytes");
        properties.setProperty("poll.interval.ms", "10");
        properties.setProperty("max.batch.size", "4096");
        properties.setProperty("max.queue.size", "16384");
        return properties;
    }

    private static Properties jdbcProperties() {
        Properties properties = new Properties();
        properties.setProperty("allowPublicKeyRetrieval", "true");
        return properties;
    }

    /** The environment variable {@code name}, or {@code fallback} when it is unset or empty. */
    /**
     * The {@code side} ("upstream" or "downstream") from its --SIDE-host, -port, -user and
     * -password flags: the host defaults to {@code host}, user and password to {@code defaultUser},
     * the password first to the environment's {@code passwordVariable}.
     */
    private static DatabaseEndpoint endpoint(
            Args args, String side, String host, String defaultUser, String passwordVariable) {
        return new DatabaseEndpoint(
                side,
                args.get(side + "-host", host),
                (int) args.getLong(side + "-port"),
                args.get(side + "-user", defaultUser),
                args.get(side + "-password", environment(passwordVariable, defaultUser)));
    }

    private static String environment(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }
}
