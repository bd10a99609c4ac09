package dev.ferry.jobs.status;

import java.time.Instant;
import java.util.List;

/**
 * What `ferry status` shows: every ferry job found on the Flink REST APIs it asked, at one moment.
 * Serialized as is for {@code --json} and the HTTP form.
 */
public record StatusReport(Instant time, List<JobReport> jobs, List<String> unreachable) {

    /**
     * One capture or apply job. Fields that do not apply to the job's kind are null.
     *
     * @param downstreamUnreachableMs an apply's: how long its downstream has been unreachable (the
     *     writers wait for it), 0 while it answers
     * @param pendingShardDdl a capture's: the DDL statement some shards of a merged table have run
     *     and others not yet (which ones), while their changes wait; null when none is pending
     */
    public record JobReport(
            String kind,
            String name,
            String jobId,
            String flinkRestUrl,
            String state,
            Instant startTime,
            Long restarts,
            String phase,
            List<TableProgress> tables,
            BinlogPosition binlogPosition,
            BinlogPosition upstreamPosition,
            Long delayMs,
            Double eventsPerSecond,
            Long etaSeconds,
            LastError lastError,
            Long downstreamUnreachableMs,
            String pendingShardDdl) {

        /** This report with the capture's pending shard DDL (null for none). */
        public JobReport withPendingShardDdl(String pending) {
            return new JobReport(
                    kind,
                    name,
                    jobId,
                    flinkRestUrl,
                    state,
                    startTime,
                    restarts,
                    phase,
                    tables,
                    binlogPosition,
                    upstreamPosition,
                    delayMs,
                    eventsPerSecond,
                    etaSeconds,
                    lastError,
                    downstreamUnreachableMs,
                    pending);
        }

        /** This report with the apply's downstream outage. */
        public JobReport withDownstreamUnreachableMs(Long ms) {
            return new JobReport(
                    kind,
                    name,
                    jobId,
                    flinkRestUrl,
                    state,
                    startTime,
                    restarts,
                    phase,
                    tables,
                    binlogPosition,
                    upstreamPosition,
                    delayMs,
                    eventsPerSecond,
                    etaSeconds,
                    lastError,
                    ms,
                    pendingShardDdl);
        }
    }

    /** Snapshot progress of one table: rows read so far against information_schema's estimate. */
    public record TableProgress(String table, long rowsDone, Long rowsEstimated, double percent) {}

    /** A binlog file and offset. */
    public record BinlogPosition(String file, long position) {
        @Override
        public String toString() {
            return file + ":" + position;
        }
    }

    /** The newest failure Flink recorded for a job. */
    public record LastError(Instant time, String message) {}
}
