package dev.ferry.benchmarks.summary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The newest report of a table: reports are named by when they ran (2026-11-26T093140Z.md, or
 * 2026-11-26-6.md for the n-th of a day), so the newest sorts last once numbers compare as numbers.
 */
public final class LatestReport {
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    private static final Pattern FIRST_OF_DAY = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})\\.md$");

    private LatestReport() {}

    /** The newest *.md directly in {@code folder}; empty when it has none or does not exist. */
    public static Optional<Path> in(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".md"))
                    .max(Comparator.comparing(file -> sortKey(file.getFileName().toString())));
        }
    }

    /**
     * The name with every run of digits padded to 12, so that "-10" sorts after "-9"; a day's first
     * report (2026-11-26.md) counts as its "-1", before its "-2".
     */
    static String sortKey(String name) {
        Matcher digits = DIGITS.matcher(FIRST_OF_DAY.matcher(name).replaceFirst("$1-1.md"));
        StringBuilder key = new StringBuilder();
        while (digits.find()) {
            digits.appendReplacement(
                    key, "0".repeat(Math.max(0, 12 - digits.group().length())) + digits.group());
        }
        digits.appendTail(key);
        return key.toString();
    }
}
