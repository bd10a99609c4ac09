package dev.ferry.benchmarks.tables;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Ferry at one table count, on its defaults (transaction apply, 16 workers, batch 2000, database.*
 * capture): start-up and snapshot with capture and apply launched together, the idle CPU once
 * caught up, and the apply's own drain of a Kafka backlog (the apply paused while sysbench runs and
 * the capture writes it to Kafka; then timed until the checksums are equal).
 */
final class FerryMeasurement implements TableCountRun.Steps {
    static final int WORKERS = 16;
    static final int BATCH = 2000;

    private final Path ferryJar;

    FerryMeasurement(Path ferryJar) {
        this.ferryJar = ferryJar;
    }

    @Override
    public TableCountResult measured(TableCountRun count)
            throws IOException, SQLException, InterruptedException {
        BenchRun run = count.run;
        int tables = count.tables;
        String label = tables + " tables";
        String tag = run.runId() + "-" + tables;
        FlightRecordings jfr = new FlightRecordings(count.config.jfrDir());
        Progress.say(
                tables
                        + " tables: preparing "
                        + run.database()
                        + " upstream ("
                        + tables
                        + " x "
                        + count.rowsPerTable
                        + " rows, sysbench oltp_insert prepare)");
        count.prepareUpstream();
        count.dropDownstream(List.of(run.database(), Pipelines.PROGRESS_DATABASE));

        Map<String, Double> c0 = count.cpu();
        long start = System.nanoTime();
        Pipelines pipelines =
                new Pipelines(run)
                        .ferryJar(ferryJar)
                        .captureJvmFlags(jfr.fromStart("snapshot"))
                        .applyJvmFlags(jfr.fromStart("snapshot"));
        RunProcess capture;
        RunProcess apply;
        double first;
        double allRows;
        try {
            capture =
                    pipelines.capture(
                            tag, count.config.layout().captureOptions(tag).toArray(String[]::new));
            apply = pipelines.apply(tag, tag, WORKERS, BATCH);
            first = count.awaitFirstRow(start);
            allRows = count.awaitAllRows(start);
        } catch (IOException | SQLException e) {
            return count.snapshotFailed(label, e);
        }
        CpuUse snapshotCpu = CpuUse.between(c0, count.cpu());
        jfr.stop(capture, "snapshot", tables + "-capture-snapshot.jfr");
        jfr.stop(apply, "snapshot", tables + "-apply-snapshot.jfr");
        count.saySnapshot(label, first, allRows);

        count.settle();
        jfr.start(capture, "idle");
        CpuUse idle = count.idle();
        jfr.stop(capture, "idle", tables + "-capture-idle.jfr");
        count.sayIdle(label, idle);

        // The apply's drain of a backlog in Kafka.
        KafkaBacklog backlog = new KafkaBacklog(run.kafka(), tag, run.database());
        long offsets0 = backlog.committed();
        jfr.start(apply, "drain");
        ProcessPause.pause(apply);
        WriteOnlyBacklog.Outcome written = count.writeBacklog();
        String status = "ok";
        if (written.failure() != null) {
            status = written.failure();
            ProcessPause.resume(apply);
        }
        long changes = written.rowChanges();
        String expected = count.upstreamChecksum();
        Double drained = null;
        CpuUse drainCpu = null;
        if (written.failure() == null) {
            if (!backlog.awaitWritten(offsets0 + changes, TableCountRun.DRAIN_TIMEOUT)) {
                status = "the capture did not write the backlog to Kafka";
            } else {
                Map<String, Double> d0 = count.cpu();
                ProcessPause.resume(apply);
                try {
                    drained = count.awaitChecksum(expected);
                    drainCpu = CpuUse.between(d0, count.cpu());
                    jfr.stop(apply, "drain", tables + "-apply-drain.jfr");
                    TableCountRun.sayDrained(label, changes, drained);
                } catch (IOException | SQLException e) {
                    status = count.failure("drain: " + e.getMessage());
                }
            }
        }
        return count.result(first, allRows, snapshotCpu, idle, drained, changes, drainCpu, status);
    }
}
