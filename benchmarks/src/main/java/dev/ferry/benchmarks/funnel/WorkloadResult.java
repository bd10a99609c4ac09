package dev.ferry.benchmarks.funnel;

import dev.ferry.benchmarks.report.Rates;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The stages measured on one workload's backlog, and the figures the report derives from them: row
 * changes/s, MB/s (10^6 bytes, as Canal's page counts them), shares of the binlog read.
 */
public final class WorkloadResult {
    /** The stages that are ferry's own pipeline, of which the report names the slowest. */
    static final List<Stage> PIPELINE = List.of(Stage.EVENTS, Stage.PRODUCE, Stage.APPLY);

    private final Workload workload;
    private final long changes;
    private final Map<Stage, StageResult> stages = new EnumMap<>(Stage.class);
    private double binlogEvents = Double.NaN;
    private double binlogRowChanges = Double.NaN;
    private double commits = Double.NaN;
    private double topicRecords = Double.NaN;

    /** The results of {@code workload}, whose backlog holds {@code changes} row changes. */
    public WorkloadResult(Workload workload, long changes) {
        this.workload = workload;
        this.changes = changes;
    }

    public Workload workload() {
        return workload;
    }

    public long changes() {
        return changes;
    }

    public void put(Stage stage, StageResult result) {
        stages.put(stage, result);
    }

    /** The stage's result; null when it was not measured. */
    public StageResult get(Stage stage) {
        return stages.get(stage);
    }

    /** What the parse probe counted in the binlog range. */
    public void binlogCounts(long events, long rowChanges, long commits) {
        this.binlogEvents = events;
        this.binlogRowChanges = rowChanges;
        this.commits = commits;
    }

    /** What the consume probe counted in the change topic. */
    public void topicRecords(long records) {
        this.topicRecords = records;
    }

    public double binlogEvents() {
        return binlogEvents;
    }

    public double binlogRowChanges() {
        return binlogRowChanges;
    }

    public double commits() {
        return commits;
    }

    public double topicRecords() {
        return topicRecords;
    }

    /** The stage's seconds; NaN when not measured. */
    public double seconds(Stage stage) {
        StageResult result = stages.get(stage);
        return result == null ? Double.NaN : result.seconds();
    }

    /** The stage's bytes; NaN when not measured. */
    public double bytes(Stage stage) {
        StageResult result = stages.get(stage);
        return result == null ? Double.NaN : result.bytes();
    }

    /** Row changes per second: the backlog's changes ÷ the stage's seconds. */
    public double rate(Stage stage) {
        return Rates.perSecond(changes, seconds(stage));
    }

    /** MB (10^6 bytes) per second of what the stage handles. */
    public double megabytesPerSecond(Stage stage) {
        return Rates.perSecond(bytes(stage) / 1e6, seconds(stage));
    }

    /** The stage's rate as a percentage of the binlog read's (stage 1). */
    public double percentOfRead(Stage stage) {
        return 100 * rate(stage) / rate(Stage.RAW);
    }

    /** Envelope bytes ÷ binlog bytes of the same range: Canal's "binlog expansion". */
    public double expansion() {
        return bytes(Stage.CONSUME) / bytes(Stage.RAW);
    }

    /** The slowest of ferry's stages (3, 4 or 6; the first of equals); null if none measured. */
    public Stage slowestPipelineStage() {
        Stage slowest = null;
        for (Stage stage : PIPELINE) {
            double rate = rate(stage);
            if (!Double.isNaN(rate) && (slowest == null || rate < rate(slowest))) {
                slowest = stage;
            }
        }
        return slowest;
    }
}
