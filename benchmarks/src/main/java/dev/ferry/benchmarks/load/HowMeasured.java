package dev.ferry.benchmarks.load;

/** The load report's last section: how each figure was measured. */
final class HowMeasured {
    private HowMeasured() {}

    static void append(StringBuilder md, LoadSettings settings) {
        md.append("\n## How each figure was measured\n\n");
        if (settings.levelsOn()) {
            md.append(
                    "- **DT (heartbeat)**: a heartbeat (what the `heartbeat.Heartbeat` probe does,"
                            + " run inside ferry-bench's JVM) inserts a row with a negative id into"
                            + " `sbtest1` upstream every 100 ms during the steady window and polls"
                            + " the downstream every 20 ms, both from one JVM (one clock); a"
                            + " heartbeat's delay is the time it was first seen downstream minus"
                            + " the time its autocommitted INSERT returned. p50, p95, p99 (nearest"
                            + " rank) and max over every heartbeat of the window (the probe waits"
                            + " until all arrived). Exact to the poll interval.\n");
            md.append(
                    "- **`replicationDelayMs`**: the apply's own gauge (now minus the upstream"
                            + " commit time of the last applied transaction, which the binlog gives"
                            + " in whole seconds; 0 when nothing is in flight), sampled every 500"
                            + " ms from the apply's Prometheus endpoint by `ApplyMetricsSampler`;"
                            + " mean and max of the samples in the window.\n");
            md.append(
                    "- **BPS, EPS, TPS**: growth of the apply's counters `bytesApplied`"
                            + " (change-record bytes as read from Kafka, not binlog bytes as"
                            + " PolarDB-X counts), `eventsApplied` (row changes) and"
                            + " `transactionsApplied` (upstream transactions, heartbeats included)"
                            + " between the first and last sample in the window, ÷ the time between"
                            + " them. Over a window the pipeline applies what it is behind by too,"
                            + " so they can exceed the upstream rate when the delay shrinks.\n");
            md.append(
                    "- **upstream tx/s, QPS**: sysbench's report of the level's run; **upstream"
                            + " binlog MB/s**: `SHOW MASTER STATUS` before and after the level"
                            + " (heartbeats included) ÷ its time.\n");
            md.append(
                    "- **CPU**: utime + stime from `/proc/<pid>/stat` before and after the level"
                            + " (the services' pids from bin/services' pid files, or the"
                            + " containers' processes on this host), ÷ its time.\n");
        }
        if (settings.largeOn()) {
            md.append(
                    "- **Large transactions**: the apply is paused (SIGSTOP); the transaction runs"
                            + " upstream (**upstream INSERT s**: the client's statement time;"
                            + " **binlog MB**: `SHOW MASTER STATUS` before and after); a"
                            + " read_committed consumer (`EndRecordWait`, in ferry-bench's JVM) started before"
                            + " it sees the END record on the transaction topic (**capture s**:"
                            + " from the statement's return to then). Then a reader ("
                            + "`AtomicityWatch`, in ferry-bench's JVM) starts polling `SELECT COUNT(*)` of the"
                            + " table every 200 ms, the apply is resumed (SIGCONT) and **apply s**"
                            + " runs until the count equals the rows; any other count than 0 and"
                            + " all is a partial view (**reader polls / partial views**). **apply"
                            + " MB/s** = binlog MB ÷ apply s; **change records MB**: growth of"
                            + " `bytesApplied`; **spilled**: growth of the `transactionsSpilled`"
                            + " gauge. The small transactions' backlogs are timed the same way (no"
                            + " atomicity check: the count rises as they commit); **÷ small MB/s**"
                            + " divides by the mean of the two backlogs' MB/s, so that a drift in"
                            + " the machine's other work during the run weighs on both sides.\n");
            md.append("- The apply's heap is `-Xmx")
                    .append(LoadSettings.APPLY_HEAP)
                    .append("`; its log is checked for `OutOfMemoryError`.\n");
        }
    }
}
