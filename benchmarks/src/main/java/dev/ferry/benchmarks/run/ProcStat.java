package dev.ferry.benchmarks.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalLong;

/** The CPU a Linux process or thread has used, from its /proc/…/stat line. */
public final class ProcStat {
    /** /proc counts CPU in ticks of 1/USER_HZ s, and USER_HZ is 100 on Linux. */
    private static final long MILLIS_PER_TICK = 10;

    private final String name;
    private final long cpuMillis;

    private ProcStat(String name, long cpuMillis) {
        this.name = name;
        this.cpuMillis = cpuMillis;
    }

    /** Reads {@code /proc/<pid>/stat} or {@code /proc/<pid>/task/<tid>/stat}; empty if gone. */
    public static Optional<ProcStat> read(Path stat) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException e) {
            return Optional.empty();
        }
        // The name is in parentheses and may hold spaces: count the fields after it.
        int open = line.indexOf('(');
        int close = line.lastIndexOf(')');
        String[] fields = line.substring(close + 2).split(" ");
        long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime + stime
        return Optional.of(new ProcStat(line.substring(open + 1, close), ticks * MILLIS_PER_TICK));
    }

    /** CPU used so far by process {@code pid}, if /proc can say. */
    public static OptionalLong processMillis(long pid) {
        return read(Path.of("/proc", String.valueOf(pid), "stat"))
                .map(stat -> OptionalLong.of(stat.cpuMillis))
                .orElse(OptionalLong.empty());
    }

    /** The thread's or process's name, at most 15 characters. */
    public String name() {
        return name;
    }

    public long cpuMillis() {
        return cpuMillis;
    }
}
