package dev.ferry.benchmarks.drain;

/**
 * The status of a drain that caught up, as the report's last section states it: "ok", or what is
 * flagged (checksums that differ, failovers on the way, downstream deadlocks in the logs).
 */
final class DrainStatus {
    private DrainStatus() {}

    /**
     * @param checksumsEqual whether both sides' per-table counts and checksums were equal after
     * @param restarts task restarts the run's logs show
     * @param failoverCause why the first failover happened ("" when unknown)
     * @param deadlocks log lines that report a downstream deadlock
     */
    static String of(boolean checksumsEqual, long restarts, String failoverCause, long deadlocks) {
        String status = checksumsEqual ? "ok" : "caught up in rows but the checksums differ";
        if (restarts > 0) {
            status +=
                    "; but a task failed over "
                            + restarts
                            + " times during the run, first because: "
                            + failoverCause;
        }
        if (deadlocks > 0) {
            status += "; " + deadlocks + " log lines report a downstream deadlock";
        }
        return status;
    }
}
