package dev.ferry.checksum;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One row that differs, identified by its rendered key ({@code id=42}, or {@code a=1, b='x'} for a
 * composite key).
 *
 * @param columns the differing columns; empty unless {@code kind} is {@link
 *     DifferenceKind#DIFFERENT}
 */
public record RowDifference(DifferenceKind kind, String key, List<ColumnDifference> columns) {

    public RowDifference {
        columns = List.copyOf(columns);
    }

    static RowDifference missing(String key) {
        return new RowDifference(DifferenceKind.MISSING_ON_TARGET, key, List.of());
    }

    static RowDifference extra(String key) {
        return new RowDifference(DifferenceKind.EXTRA_ON_TARGET, key, List.of());
    }

    static RowDifference different(String key, List<ColumnDifference> columns) {
        return new RowDifference(DifferenceKind.DIFFERENT, key, columns);
    }

    /** One line naming only the first differing column: {@code id=42 column price: 1.5 vs 1.51}. */
    public String brief() {
        return switch (kind) {
            case MISSING_ON_TARGET -> key + " missing on target";
            case EXTRA_ON_TARGET -> key + " extra on target";
            case DIFFERENT -> {
                String first = key + " column " + columns.get(0);
                int more = columns.size() - 1;
                yield more == 0 ? first : first + " (and " + more + " more " + plural(more) + ")";
            }
        };
    }

    private static String plural(int count) {
        return count == 1 ? "column" : "columns";
    }

    @Override
    public String toString() {
        if (kind != DifferenceKind.DIFFERENT) {
            return brief();
        }
        return key
                + " different: "
                + columns.stream()
                        .map(ColumnDifference::toString)
                        .collect(Collectors.joining("; "));
    }
}
