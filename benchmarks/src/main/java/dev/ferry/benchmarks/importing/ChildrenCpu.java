package dev.ferry.benchmarks.importing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU seconds of this JVM's children that have exited and been waited for (cutime + cstime of
 * {@code /proc/self/stat}): how mydumper's and myloader's own CPU is read, as import.sh read it
 * from bash's {@code times}. A tool that has exited is gone from /proc, but the kernel adds its CPU
 * to its parent's once the parent reaps it, which {@link Process#waitFor()} has done when it
 * returns.
 */
final class ChildrenCpu {
    /** /proc counts CPU in ticks of 1/USER_HZ s, and USER_HZ is 100 on Linux. */
    private static final double SECONDS_PER_TICK = 0.01;

    private ChildrenCpu() {}

    /** The waited-for children's CPU seconds so far; 0 where /proc cannot say. */
    static double now() {
        try {
            return ofStatLine(Files.readString(Path.of("/proc/self/stat")));
        } catch (IOException e) {
            return 0;
        }
    }

    /** cutime + cstime in seconds of a /proc/&lt;pid&gt;/stat line. */
    static double ofStatLine(String line) {
        // The name is in parentheses and may hold spaces: count the fields after it. After it come
        // state (3rd field) … utime (14th), stime (15th), cutime (16th), cstime (17th).
        String[] fields = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
        return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) * SECONDS_PER_TICK;
    }
}
