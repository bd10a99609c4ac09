package dev.ferry.benchmarks.replay;

/**
 * One capture's figures: the snapshot's seconds and CPU µs per row, the measured binlog backlog's
 * seconds and CPU µs per row change, the JIT's and GC's shares of each, and the broker's CPU µs per
 * binlog row change.
 */
public record CaptureFigures(
        double snapshotSeconds,
        double snapshotMicrosPerRow,
        double binlogSeconds,
        double binlogMicrosPerChange,
        long changes,
        double snapshotJitMicros,
        double snapshotGcMicros,
        double binlogJitMicros,
        double binlogGcMicros,
        double brokerMicrosPerChange) {

    /**
     * The figures from readings at the snapshot's start and end (its job running; Kafka's committed
     * offsets holding its {@code rows}) and at the measured backlog's start and end ({@code
     * changes} row changes).
     */
    public static CaptureFigures of(
            CaptureReading snapshotStart,
            CaptureReading snapshotEnd,
            CaptureReading binlogStart,
            CaptureReading binlogEnd,
            long rows,
            long changes) {
        return new CaptureFigures(
                snapshotEnd.seconds() - snapshotStart.seconds(),
                micros(snapshotEnd.cpu() - snapshotStart.cpu(), rows),
                binlogEnd.seconds() - binlogStart.seconds(),
                micros(binlogEnd.cpu() - binlogStart.cpu(), changes),
                changes,
                micros(snapshotEnd.jit() - snapshotStart.jit(), rows),
                micros(snapshotEnd.gc() - snapshotStart.gc(), rows),
                micros(binlogEnd.jit() - binlogStart.jit(), changes),
                micros(binlogEnd.gc() - binlogStart.gc(), changes),
                micros(binlogEnd.broker() - binlogStart.broker(), changes));
    }

    /** CPU µs per unit; NaN when there are no units. */
    static double micros(double seconds, long units) {
        return units > 0 ? 1e6 * seconds / units : Double.NaN;
    }
}
