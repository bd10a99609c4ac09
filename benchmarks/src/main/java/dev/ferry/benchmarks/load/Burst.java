package dev.ferry.benchmarks.load;

/**
 * The calibration burst: sysbench at full speed with the pipeline running, then the time until the
 * pipeline caught up. When it caught up within one checkpoint interval and 1.5 s of the burst's end
 * (the wait for the next Kafka commit, and the poll) it kept up, and its maximum is at least the
 * upstream's rate; otherwise it fell behind, and its maximum is the burst's transactions over the
 * time from the burst's start until caught up. That maximum is the 100% level.
 *
 * @param upTps sysbench's transactions per second
 * @param tailSeconds from the burst's end until caught up
 * @param drainTps the burst's transactions over the time from its start until caught up
 * @param keptUp whether the pipeline caught up within an interval and 1.5 s
 */
public record Burst(double upTps, double tailSeconds, double drainTps, boolean keptUp) {

    /**
     * The burst of {@code transactions} at {@code upTps}, started at {@code startMs}, ended at
     * {@code endMs}, caught up at {@code caughtUpMs}, under a checkpoint interval of {@code
     * intervalSeconds}.
     */
    public static Burst of(
            double upTps,
            long transactions,
            long startMs,
            long endMs,
            long caughtUpMs,
            double intervalSeconds) {
        double tail = (caughtUpMs - endMs) / 1000.0;
        double drain = transactions * 1000.0 / (caughtUpMs - startMs);
        return new Burst(upTps, tail, drain, tail <= intervalSeconds + 1.5);
    }

    /** The pipeline's maximum: the 100% level's rate. */
    public double baseTps() {
        return keptUp ? upTps : drainTps;
    }

    /** sysbench's --rate for {@code level}% of {@code baseTps}: rounded, at least 1. */
    public static int levelRate(double baseTps, int level) {
        return (int) Math.max(1, Math.floor(baseTps * level / 100 + 0.5));
    }
}
