package dev.ferry.benchmarks.incremental;

import dev.ferry.benchmarks.report.CpuUse;
import dev.ferry.benchmarks.report.Figures;
import dev.ferry.benchmarks.run.BenchRun;
import dev.ferry.benchmarks.run.CpuReadings;
import dev.ferry.benchmarks.run.Progress;
import dev.ferry.benchmarks.run.RunLogs;
import dev.ferry.benchmarks.run.SysbenchTables;
import dev.ferry.benchmarks.sysbench.SysbenchSummary;
import java.io.IOException;
import java.sql.SQLException;
import java.util.Map;

/**
 * A drain: every process of the pipeline paused (SIGSTOP) while sysbench writes a backlog, then
 * resumed (SIGCONT) and timed until the downstream's checksums equal the upstream's.
 */
final class DrainMeasurement {
    private final BenchRun run;
    private final IncrementalPlan plan;
    private final PipelineSwitch pipelines;
    private final CatchUp catchUp;

    DrainMeasurement(
            BenchRun run, IncrementalPlan plan, PipelineSwitch pipelines, CatchUp catchUp) {
        this.run = run;
        this.plan = plan;
        this.pipelines = pipelines;
        this.catchUp = catchUp;
    }

    DrainResult measure(Point point) throws IOException, InterruptedException, SQLException {
        String label = "drain " + point;
        RunLogs logs = new RunLogs(run.work());
        try {
            pipelines.ensure(point);
        } catch (IOException | SQLException e) {
            DrainResult failed =
                    DrainResult.failed(point, null, null, logs.failure(e.getMessage()));
            Progress.say(label + ": FAILED: " + failed.status());
            return failed;
        }
        Progress.say(
                label
                        + ": pipeline paused (SIGSTOP); sysbench "
                        + plan.threads()
                        + " threads for "
                        + plan.drainSeconds()
                        + "s");
        run.processes().pauseAll();
        SysbenchSummary summary;
        try {
            summary =
                    new SysbenchTables(run, 4)
                            .sysbench()
                            .run(
                                    point.workload(),
                                    4,
                                    plan.rowsPerTable(),
                                    plan.threads(),
                                    plan.drainSeconds());
        } catch (IOException | RuntimeException e) {
            run.processes().resumeAll();
            throw e;
        }
        long transactions = summary.transactions();
        long changes = SysbenchTables.rowChanges(point.workload(), transactions);
        // Read while every process of the pipeline is still stopped: its CPU from SIGCONT on.
        Map<String, Double> c0 = CpuReadings.read(run);
        run.processes().resumeAll();
        double drained;
        try {
            drained = catchUp.seconds(CatchUp.TIMEOUT);
        } catch (IOException | SQLException e) {
            DrainResult failed =
                    DrainResult.failed(point, transactions, changes, logs.failure(e.getMessage()));
            Progress.say(label + ": FAILED: " + failed.status());
            return failed;
        }
        CpuUse use = CpuUse.between(c0, CpuReadings.read(run));
        String status =
                logs.restarts() == 0
                        ? "ok"
                        : "a task failed over during the run, first because: "
                                + logs.failoverCause();
        DrainResult result =
                new DrainResult(
                        point,
                        transactions,
                        changes,
                        drained,
                        CpuProcesses.summary(use),
                        CpuProcesses.total(use),
                        status);
        Progress.say(
                label
                        + ": backlog of "
                        + changes
                        + " row changes drained in "
                        + Figures.oneDecimal(drained)
                        + " s: "
                        + Figures.whole(result.rowsPerSecond())
                        + " rows/s");
        return result;
    }
}
