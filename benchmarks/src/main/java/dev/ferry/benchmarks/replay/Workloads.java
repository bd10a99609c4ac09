package dev.ferry.benchmarks.replay;

/** The sysbench workloads the replay commands take, checked with the scripts' message. */
final class Workloads {
    private Workloads() {}

    /** Fails unless {@code workload} is oltp_insert or oltp_write_only. */
    static String check(String workload) {
        if (!workload.equals("oltp_insert") && !workload.equals("oltp_write_only")) {
            throw new IllegalArgumentException(
                    "--workload is oltp_insert or oltp_write_only, got '" + workload + "'");
        }
        return workload;
    }
}
