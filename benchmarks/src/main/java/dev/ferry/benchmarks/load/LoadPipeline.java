package dev.ferry.benchmarks.load;

import dev.ferry.benchmarks.funnel.BinlogPosition;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.DownstreamWait;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.RunProcess;
import dev.ferry.benchmarks.run.SysbenchTables;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The pipeline a load run measures: ferry's capture (restarted from its checkpoint for each
 * checkpoint interval compared) and apply (heap 512m, Prometheus reporter on, transactions up to 4
 * GB, spilling to the work folder), the sampler of the apply's metrics, and what the run asks of
 * them: catch up, pause and resume the apply, the apply's latest metrics, binlog positions.
 */
public final class LoadPipeline {
    private static final Duration CATCH_UP = Duration.ofMinutes(10);

    private final BenchRun run;
    private final SysbenchTables tables;
    private final Pipelines pipelines;
    private final String tag;
    private CheckpointInterval interval;
    private int captureStarts = 1;

    public LoadPipeline(BenchRun run, SysbenchTables tables) {
        this.run = run;
        this.tables = tables;
        this.pipelines = new Pipelines(run).applyHeap(LoadSettings.APPLY_HEAP);
        this.tag = run.runId();
    }

    /** The topics' tag: the run's id. */
    public String tag() {
        return tag;
    }

    public CheckpointInterval interval() {
        return interval;
    }

    /**
     * Starts capture (at {@code first}) and apply, waits for the snapshot downstream, then starts
     * the metrics sampler and waits for its first samples.
     */
    public void start(CheckpointInterval first) throws Exception {
        int prometheus = freePort();
        Progress.say(
                "starting capture (checkpoint interval: "
                        + first
                        + ") and apply (apply: -Xmx"
                        + LoadSettings.APPLY_HEAP
                        + ", metrics on 127.0.0.1:"
                        + prometheus
                        + ")");
        startCapture(first);
        pipelines.apply(
                tag,
                tag,
                LoadSettings.WORKERS,
                LoadSettings.BATCH,
                "--monitoring.prometheus-port",
                Integer.toString(prometheus),
                "--apply.max-transaction-size",
                "4 gb",
                "--apply.spill-dir",
                run.work().resolve("spill").toString());
        long rows = (long) LoadSettings.TABLES * LoadSettings.ROWS;
        try {
            new DownstreamWait(run)
                    .until(tables.rowsSql(), Long.toString(rows), Duration.ofMinutes(15));
        } catch (IOException e) {
            throw new IOException(
                    "waiting for the snapshot downstream failed ("
                            + e.getMessage()
                            + "): "
                            + new RunLogs(run.work()).failure("apply"),
                    e);
        }
        List<String> sampler =
                run.benchmarksMain(
                        List.of("-Xmx128m"),
                        ApplyMetricsSampler.class.getName(),
                        List.of(
                                "--url",
                                "http://127.0.0.1:" + prometheus + "/metrics",
                                "--out",
                                metricsFile().toString()));
        run.processes().start("sampler", sampler, Map.of(), run.work().resolve("sampler.log"));
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (!Files.exists(metricsFile()) || Files.readAllLines(metricsFile()).size() < 2) {
            run.processes().checkAlive();
            if (System.nanoTime() > deadline) {
                throw new IOException(
                        "the apply's metrics on 127.0.0.1:"
                                + prometheus
                                + " gave no sample in 5 min: is its Prometheus reporter up? See"
                                + " apply.log");
            }
            Thread.sleep(200);
        }
        Progress.say("snapshot downstream; pipeline up");
    }

    /**
     * Stops the capture and starts it again from its last checkpoint with {@code next} (its earlier
     * log kept as capture-N.log), then waits until the pipeline has caught up.
     */
    public void restartCapture(CheckpointInterval next) throws Exception {
        Progress.say("restarting the capture with checkpoint interval " + next);
        run.processes().stop("capture");
        Files.move(
                run.work().resolve("capture.log"),
                run.work().resolve("capture-" + captureStarts + ".log"),
                StandardCopyOption.REPLACE_EXISTING);
        captureStarts++;
        startCapture(next);
        catchUp();
    }

    /** Waits until the downstream's tables equal the upstream's (count and checksum per table). */
    public void catchUp() throws Exception {
        String expected = run.upstream().text(tables.checksumSql());
        try {
            new DownstreamWait(run).until(tables.checksumSql(), expected, CATCH_UP);
        } catch (IOException e) {
            throw new IOException(
                    "the pipeline did not catch up within 10 min ("
                            + e.getMessage()
                            + "): "
                            + new RunLogs(run.work()).failure("apply"),
                    e);
        }
    }

    /** The apply process. */
    public RunProcess apply() {
        return run.processes().get("apply");
    }

    /** The apply's metrics sampled so far. */
    public Tsv metrics() throws IOException {
        return Tsv.read(metricsFile());
    }

    /** The upstream's binlog position now (SHOW MASTER STATUS). */
    public BinlogPosition masterPosition() throws SQLException {
        List<String> row = run.upstream().rows("SHOW MASTER STATUS").get(0);
        return new BinlogPosition(row.get(0), Long.parseLong(row.get(1)));
    }

    /** Bytes of binlog between two positions. */
    public long binlogBytes(BinlogPosition from, BinlogPosition to) throws SQLException {
        List<BinlogBytes.LogFile> logs = new ArrayList<>();
        if (!from.file().equals(to.file())) {
            for (List<String> row : run.upstream().rows("SHOW BINARY LOGS")) {
                logs.add(new BinlogBytes.LogFile(row.get(0), Long.parseLong(row.get(1))));
            }
        }
        return BinlogBytes.between(from, to, logs);
    }

    private void startCapture(CheckpointInterval next) throws Exception {
        try {
            pipelines.capture(tag, next.captureOptions().toArray(String[]::new));
        } catch (IOException e) {
            throw new IOException(
                    "the capture did not start: " + new RunLogs(run.work()).failure("capture"), e);
        }
        interval = next;
    }

    private Path metricsFile() {
        return run.work().resolve("metrics.tsv");
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
