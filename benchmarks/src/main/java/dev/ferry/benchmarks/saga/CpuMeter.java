package dev.ferry.benchmarks.saga;

import dev.ferry.benchmarks.run.ProcStat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The CPU that the processes of a run (client, coordinator, Kafka, both banks) use while a column
 * is measured, read from /proc: on a shared machine, CPU per global transaction says more about a
 * column's cost than its throughput, which moves with whatever else runs.
 */
final class CpuMeter {
    /** The row name summing all processes. */
    static final String ALL = "all";

    private final Map<String, Long> pids;

    /** {@code pids}: process name (as the table shows it) to pid, in the table's order. */
    CpuMeter(Map<String, Long> pids) {
        this.pids = new LinkedHashMap<>(pids);
    }

    /** CPU milliseconds used so far per process; those /proc cannot read are left out. */
    Map<String, Long> read() {
        Map<String, Long> millis = new LinkedHashMap<>();
        pids.forEach(
                (name, pid) -> {
                    OptionalLong used = ProcStat.processMillis(pid);
                    if (used.isPresent()) {
                        millis.put(name, used.getAsLong());
                    }
                });
        return millis;
    }

    /** Milliseconds per transaction between two readings, per process and for all of them. */
    static Map<String, Double> perTransaction(
            Map<String, Long> before, Map<String, Long> after, long transactions) {
        Map<String, Double> perTx = new LinkedHashMap<>();
        double all = 0;
        for (Map.Entry<String, Long> entry : after.entrySet()) {
            Long start = before.get(entry.getKey());
            if (start != null && transactions > 0) {
                double ms = (entry.getValue() - start) / (double) transactions;
                perTx.put(entry.getKey(), ms);
                all += ms;
            }
        }
        if (!perTx.isEmpty()) {
            perTx.put(ALL, all);
        }
        return perTx;
    }
}
