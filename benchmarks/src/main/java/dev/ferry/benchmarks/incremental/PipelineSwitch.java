package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.Pipelines;
import dev.ferry.benchmarks.run.Progress;
import java.io.IOException;
import java.sql.SQLException;

/**
 * The pipeline under measurement at the setting a run wants: ferry's apply (one capture for the
 * whole run; the apply restarted for each workers/batch, resuming from its progress downstream) or
 * the stock pipeline from the binlog's end; each time proven running and caught up by a probe.
 */
final class PipelineSwitch {
    private final BenchRun run;
    private final Pipelines pipelines;
    private final CatchUp catchUp;
    private final int prometheusPort;
    private SweepPoint apply;
    private SweepPoint stock;

    PipelineSwitch(BenchRun run, Pipelines pipelines, CatchUp catchUp, int prometheusPort) {
        this.run = run;
        this.pipelines = pipelines;
        this.catchUp = catchUp;
        this.prometheusPort = prometheusPort;
    }

    /** The tag of ferry's topics, consumer group and transactional ids: the run's id. */
    String tag() {
        return run.runId();
    }

    /** Starts ferry's capture and returns once its job runs. */
    void startCapture() throws IOException, InterruptedException {
        pipelines.capture(tag());
    }

    /** Starts ferry's apply at {@code point} without waiting for it. */
    void startApply(SweepPoint point) throws IOException {
        pipelines.apply(
                tag(),
                tag(),
                point.workers(),
                point.batch(),
                "--monitoring.prometheus-port",
                Integer.toString(prometheusPort));
        apply = point;
    }

    /** ferry's apply at {@code point} (restarted if it runs at another), running and caught up. */
    void ensureApply(SweepPoint point) throws IOException, InterruptedException, SQLException {
        if (!point.equals(apply)) {
            run.processes().stop("apply");
            Progress.say(
                    "ferry: starting apply (workers "
                            + point.workers()
                            + ", batch "
                            + point.batch()
                            + ")");
            startApply(point);
        }
        catchUp.probe();
    }

    /** The stock pipeline at {@code point} from the binlog's end, running and caught up. */
    void ensureStock(SweepPoint point) throws IOException, InterruptedException, SQLException {
        if (!point.equals(stock)) {
            run.processes().stop("stock");
            Progress.say(
                    "stock: starting mysql-cdc -> jdbc (parallelism "
                            + point.workers()
                            + ", batch "
                            + point.batch()
                            + ") from the binlog's end");
            pipelines.stock(
                    point.workers(), point.batch(), ", 'scan.startup.mode' = 'latest-offset'");
            stock = point;
        }
        catchUp.probe();
    }

    /** {@code point}'s pipeline at its setting, running and caught up. */
    void ensure(Point point) throws IOException, InterruptedException, SQLException {
        SweepPoint setting = new SweepPoint(point.workers(), point.batch());
        if (point.isFerry()) {
            ensureApply(setting);
        } else {
            ensureStock(setting);
        }
    }

    /** Stops every process the run started (ferry's or the stock's); nothing runs after. */
    void stopAll() throws InterruptedException {
        run.processes().stopAll();
        apply = null;
        stock = null;
    }
}
