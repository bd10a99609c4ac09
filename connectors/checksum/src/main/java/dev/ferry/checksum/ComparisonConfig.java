package dev.ferry.checksum;

import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Resolved settings of a comparison.
 *
 * @param chunkSize rows read per query on each side; bounds memory to about one chunk per side
 * @param maxDifferences how many differences are kept with their values; all are counted
 * @param jsonColumns columns to compare as JSON although neither side declares type {@code json},
 *     as {@code column} (any table) or {@code table.column}; matched case-insensitively
 */
public record ComparisonConfig(int chunkSize, int maxDifferences, Set<String> jsonColumns) {

    public static final int DEFAULT_CHUNK_SIZE = 5000;
    public static final int DEFAULT_MAX_DIFFERENCES = 20;

    public ComparisonConfig {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be at least 1, got " + chunkSize);
        }
        if (maxDifferences < 0) {
            throw new IllegalArgumentException(
                    "max differences must not be negative, got " + maxDifferences);
        }
        jsonColumns =
                jsonColumns.stream()
                        .map(name -> name.toLowerCase(Locale.ROOT))
                        .collect(Collectors.toUnmodifiableSet());
    }

    /** Chunks of 5000 rows, 20 differences kept, no extra JSON columns. */
    public static ComparisonConfig defaults() {
        return new ComparisonConfig(DEFAULT_CHUNK_SIZE, DEFAULT_MAX_DIFFERENCES, Set.of());
    }

    public ComparisonConfig withChunkSize(int rows) {
        return new ComparisonConfig(rows, maxDifferences, jsonColumns);
    }

    public ComparisonConfig withMaxDifferences(int count) {
        return new ComparisonConfig(chunkSize, count, jsonColumns);
    }

    public ComparisonConfig withJsonColumns(Set<String> columns) {
        return new ComparisonConfig(chunkSize, maxDifferences, columns);
    }

    /** Whether the caller asked for {@code column} of {@code table} to be compared as JSON. */
    boolean isJsonColumn(String table, String column) {
        String name = column.toLowerCase(Locale.ROOT);
        return jsonColumns.contains(name)
                || jsonColumns.contains(table.toLowerCase(Locale.ROOT) + "." + name);
    }
}
