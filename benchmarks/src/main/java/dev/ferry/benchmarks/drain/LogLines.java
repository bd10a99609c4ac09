package dev.ferry.benchmarks.drain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The log files (*.log) of a run's work folder: counting lines, clearing them between runs. */
final class LogLines {
    private LogLines() {}

    /** How many lines of the *.log files in {@code work} contain {@code text}. */
    static long count(Path work, String text) {
        long count = 0;
        for (Path log : logs(work)) {
            try (Stream<String> lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
                count += lines.filter(line -> line.contains(text)).count();
            } catch (IOException e) {
                // a log that cannot be read holds no line to count
            }
        }
        return count;
    }

    /** Deletes the *.log files in {@code work}, so that a run's logs hold only its own lines. */
    static void clear(Path work) throws IOException {
        for (Path log : logs(work)) {
            Files.deleteIfExists(log);
        }
    }

    private static List<Path> logs(Path work) {
        try (Stream<Path> files = Files.list(work)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".log")).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
