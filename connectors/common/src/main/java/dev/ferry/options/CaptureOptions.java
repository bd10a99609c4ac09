package dev.ferry.options;

import java.time.Duration;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/** Options of the capture job: snapshot and binlog reading. */
public final class CaptureOptions {
    private CaptureOptions() {}

    public static final ConfigOption<Integer> PARALLELISM =
            ConfigOptions.key("capture.parallelism")
                    .intType()
                    .defaultValue(2)
                    .withDescription(
                            "Snapshot readers working on chunks in parallel (the binlog is read by"
                                    + " one).");

    public static final ConfigOption<Integer> CHUNK_SIZE =
            ConfigOptions.key("capture.snapshot.chunk-size")
                    .intType()
                    .defaultValue(8096)
                    .withDescription("Rows per snapshot chunk.");

    public static final ConfigOption<Integer> FETCH_SIZE =
            ConfigOptions.key("capture.snapshot.fetch-size")
                    .intType()
                    .defaultValue(4096)
                    .withDescription("Rows fetched per round trip while reading a chunk.");

    public static final ConfigOption<Boolean> SKIP_BACKFILL =
            ConfigOptions.key("capture.snapshot.skip-backfill")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Skip the binlog backfill of each snapshot chunk (Flink CDC's"
                                    + " scan.incremental.snapshot.backfill.skip): a chunk's rows go"
                                    + " out as read, and the binlog phase replays every change from"
                                    + " the chunk's start. The end state is still exact (ferry's"
                                    + " apply upserts whole rows); while the snapshot runs the"
                                    + " downstream may show a row older than one it showed before."
                                    + " See docs/consistency.md.");

    public static final ConfigOption<String> STARTUP_MODE =
            ConfigOptions.key("capture.startup-mode")
                    .stringType()
                    .defaultValue("initial")
                    .withDescription(
                            "'initial' snapshots the tables and then reads the binlog; 'latest'"
                                    + " reads only changes made from now on.");

    public static final ConfigOption<Duration> BINLOG_KEEP_ALIVE_INTERVAL =
            ConfigOptions.key("capture.binlog.keep-alive-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription(
                            "How long the binlog connection may stay without an event (the server"
                                    + " sends a heartbeat at 0.8 of it) before it counts as lost;"
                                    + " a lost connection, as one the upstream closes, restarts the"
                                    + " capture from its checkpoint. A binlog reader stalled by"
                                    + " backpressure (a Kafka outage) for longer also restarts it.");
}
