package dev.ferry.benchmarks.heartbeat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Percentiles over several heartbeat runs together: reads the delays files {@link Heartbeat} wrote
 * with {@code --delays-out} and prints one {@link DelayStats} line over all of them, so that a p99
 * rests on every round's heartbeats rather than on the mean of each round's.
 *
 * <pre>
 * PooledDelays FILE...
 * prints: sent= arrived= p50_ms= p95_ms= p99_ms= max_ms=
 * </pre>
 */
public final class PooledDelays {
    private PooledDelays() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.err.println("usage: PooledDelays FILE...");
            System.exit(2);
        }
        List<String> lines = new ArrayList<>();
        for (String file : args) {
            lines.addAll(Files.readAllLines(Path.of(file)));
        }
        System.out.println(pooled(lines));
    }

    /** The DelayStats line of delays-file lines ({@code lost} counts as sent, not arrived). */
    static String pooled(List<String> lines) {
        double[] delays =
                lines.stream()
                        .map(String::strip)
                        .filter(line -> !line.isEmpty() && !line.equals(DelayStats.LOST))
                        .mapToDouble(Double::parseDouble)
                        .toArray();
        int sent = (int) lines.stream().filter(line -> !line.isBlank()).count();
        return DelayStats.line(sent, delays);
    }
}
