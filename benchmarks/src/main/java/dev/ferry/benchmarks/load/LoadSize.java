package dev.ferry.benchmarks.load;

/**
 * The sizes of a load run: the full table, {@code --quick} (the script's), or {@code --smoke} (the
 * smallest run that still measures every figure, for CI). Flags given override them.
 *
 * @param levels the load levels, % of the pipeline's maximum
 * @param seconds each level's seconds
 * @param workloads the sysbench workloads
 * @param sizes the large transactions' sizes, MB
 * @param smallMb the small transactions' backlog, MB
 */
public record LoadSize(String levels, int seconds, String workloads, String sizes, int smallMb) {
    public static final LoadSize FULL =
            new LoadSize("25 50 75 100", 20, "oltp_write_only", "32 256 1024", 64);
    public static final LoadSize QUICK =
            new LoadSize("25 50 100", 20, "oltp_write_only", "16 64 128", 32);
    public static final LoadSize SMOKE = new LoadSize("50 100", 8, "oltp_write_only", "4 16", 4);
}
