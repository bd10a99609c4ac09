package dev.ferry.benchmarks.importing;

import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.util.regex.Pattern;

/**
 * The pipelines' copies: ferry's dump (capture snapshot into Kafka), its load (apply draining that
 * backlog), ferry end to end (both together on fresh topics), and the stock Flink CDC pipeline.
 */
final class PipelineRuns {
    private final ImportCopies copies;
    private final ImportKeys keys;
    private final Pipelines pipelines;

    PipelineRuns(ImportCopies copies, ImportKeys keys, int dumpThreads) {
        this.copies = copies;
        this.keys = keys;
        this.pipelines = new Pipelines(copies.run()).captureParallelism(dumpThreads);
    }

    /** The topics' tag of the current data set's dump. */
    private String dumpTag() {
        return copies.run().runId() + "-" + copies.data();
    }

    /**
     * ferry's dump: the capture snapshots the current data set into the topics of its tag; done
     * when their committed end offsets hold every row and no Kafka transaction is open.
     */
    void dump() throws InterruptedException {
        MeasurementKey key = keys.ferryDump(copies.data());
        if (copies.measurements().has(key)) {
            return;
        }
        String tag = dumpTag();
        try {
            Files.deleteIfExists(copies.run().work().resolve("capture.log"));
            ImportCopies.Start start = copies.start();
            pipelines.capture(tag);
            double reached =
                    copies.run()
                            .kafka()
                            .awaitCommitted(
                                    Pattern.quote(tag + "." + copies.run().database()) + "(\\..*)?",
                                    Long.parseLong(copies.expectedRows()),
                                    ImportCopies.TIMEOUT);
            double seconds = reached - start.epoch();
            copies.measurements()
                    .record(key, Measurement.ok(seconds, null, null, copies.cpuSince(start)));
            Progress.say(key + ": " + Figures.twoDecimals(seconds) + " s into Kafka");
        } catch (IOException | java.sql.SQLException e) {
            copies.failed(key, e.getMessage());
        } finally {
            copies.run().processes().stop("capture");
        }
    }

    /** ferry's load: the apply drains the dump's backlog under its own consumer group. */
    void load(int workers, int batch) throws InterruptedException {
        MeasurementKey key = keys.ferryLoad(copies.data(), workers, batch);
        if (copies.measurements().has(key)) {
            return;
        }
        if (copies.measurements().seconds(keys.ferryDump(copies.data())) == null) {
            copies.failed(key, "no ferry dump to load");
            return;
        }
        String tag = dumpTag();
        copies.timed(
                key,
                () -> pipelines.apply(tag, tag + "-load-" + workers + "-" + batch, workers, batch));
    }

    /** ferry end to end: capture and apply together, on fresh topics. */
    void endToEnd(int workers, int batch) throws InterruptedException {
        String tag = copies.run().runId() + "-e2e-" + copies.data() + "-" + workers + "-" + batch;
        copies.timed(
                keys.ferryEndToEnd(copies.data(), workers, batch),
                () -> {
                    pipelines.capture(tag);
                    pipelines.apply(tag, tag, workers, batch);
                });
    }

    /** The stock SQL pipeline mysql-cdc → jdbc, end to end. */
    void stock(int parallelism, int batch) throws InterruptedException {
        copies.timed(
                keys.stock(copies.data(), parallelism, batch),
                () -> pipelines.stock(parallelism, batch, ""));
    }
}
