package dev.ferry.checksum;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The immutable outcome of comparing one source table with its target table. */
public final class TableComparison {

    private final TableRef sourceTable;
    private final TableRef targetTable;
    private final boolean targetTableMissing;
    private final List<String> missingColumns;
    private final long matchedRows;
    private final Map<DifferenceKind, Long> counts;
    private final List<RowDifference> differences;

    TableComparison(
            ComparedTable table,
            long matchedRows,
            Map<DifferenceKind, Long> counts,
            List<RowDifference> differences) {
        this.sourceTable = table.source();
        this.targetTable = table.target();
        this.targetTableMissing = table.targetMissing();
        // A missing table is reported as such, not as every column missing.
        this.missingColumns = table.targetMissing() ? List.of() : table.missingColumns();
        this.matchedRows = matchedRows;
        Map<DifferenceKind, Long> copy = new EnumMap<>(DifferenceKind.class);
        for (DifferenceKind kind : DifferenceKind.values()) {
            copy.put(kind, counts.getOrDefault(kind, 0L));
        }
        this.counts = Collections.unmodifiableMap(copy);
        this.differences = List.copyOf(differences);
    }

    public TableRef sourceTable() {
        return sourceTable;
    }

    public TableRef targetTable() {
        return targetTable;
    }

    /** Whether the target table does not exist; every source row then counts as missing. */
    public boolean targetTableMissing() {
        return targetTableMissing;
    }

    /** Source columns the target table lacks; their values are not compared. */
    public List<String> missingColumns() {
        return missingColumns;
    }

    public long sourceRows() {
        return matchedRows
                + count(DifferenceKind.DIFFERENT)
                + count(DifferenceKind.MISSING_ON_TARGET);
    }

    public long targetRows() {
        return matchedRows
                + count(DifferenceKind.DIFFERENT)
                + count(DifferenceKind.EXTRA_ON_TARGET);
    }

    /** Rows whose key is on both sides with all compared columns equal. */
    public long matchedRows() {
        return matchedRows;
    }

    /** How many rows differ in this way. */
    public long count(DifferenceKind kind) {
        return counts.get(kind);
    }

    /** Every kind with its count, zeros included. */
    public Map<DifferenceKind, Long> counts() {
        return counts;
    }

    /** Rows that differ in any way, plus one for each column missing on the target. */
    public long differenceCount() {
        long rows = 0;
        for (long count : counts.values()) {
            rows += count;
        }
        return rows + missingColumns.size();
    }

    /** The first differences found, with their values, up to the configured maximum. */
    public List<RowDifference> differences() {
        return differences;
    }

    public boolean isEqual() {
        return !targetTableMissing && differenceCount() == 0;
    }

    /**
     * One line: {@code shop.orders: 100000 rows, equal}, or {@code shop.orders: 3 differences: 1
     * missing, 2 different — first: id=42 column price: 1.50 vs 1.51}.
     */
    public String summaryLine() {
        String headline = headline();
        return differences.isEmpty() || targetTableMissing
                ? headline
                : headline + " — first: " + differences.get(0).brief();
    }

    /** Several lines: the headline, row counts, and every kept difference. */
    public String summary() {
        StringBuilder out = new StringBuilder(headline());
        out.append("\n  rows: ")
                .append(sourceRows())
                .append(" on source, ")
                .append(targetRows())
                .append(" on target, ")
                .append(matchedRows)
                .append(" matched");
        for (String column : missingColumns) {
            out.append("\n  column ").append(column).append(": missing on target");
        }
        for (RowDifference difference : differences) {
            out.append("\n  ").append(difference);
        }
        long notShown = differenceCount() - missingColumns.size() - differences.size();
        if (notShown > 0) {
            out.append("\n  … and ")
                    .append(notShown)
                    .append(" more ")
                    .append(notShown == 1 ? "difference" : "differences")
                    .append(" not shown");
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return summary();
    }

    private String headline() {
        String name =
                sourceTable.equals(targetTable)
                        ? sourceTable.toString()
                        : sourceTable + " vs " + targetTable;
        if (targetTableMissing) {
            return name + ": table missing on target (" + rows(sourceRows()) + " on source)";
        }
        if (isEqual()) {
            return name + ": " + rows(sourceRows()) + ", equal";
        }
        List<String> parts = new ArrayList<>();
        if (!missingColumns.isEmpty()) {
            parts.add(
                    (missingColumns.size() == 1 ? "column " : "columns ")
                            + String.join(", ", missingColumns)
                            + " missing on target");
        }
        for (DifferenceKind kind : DifferenceKind.values()) {
            if (count(kind) > 0) {
                parts.add(count(kind) + " " + kind.label());
            }
        }
        long total = differenceCount();
        return name
                + ": "
                + total
                + (total == 1 ? " difference: " : " differences: ")
                + String.join(", ", parts);
    }

    private static String rows(long count) {
        return count + (count == 1 ? " row" : " rows");
    }
}
