package dev.ferry.checksum;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Classifies the rows a join hands it, counts every difference and keeps the first few with their
 * values.
 */
final class DifferenceCollector {

    private final ComparedTable table;
    private final int maxDifferences;
    private final Map<DifferenceKind, Long> counts = new EnumMap<>(DifferenceKind.class);
    private final List<RowDifference> kept = new ArrayList<>();
    private long matched;

    DifferenceCollector(ComparedTable table, int maxDifferences) {
        this.table = table;
        this.maxDifferences = maxDifferences;
        for (DifferenceKind kind : DifferenceKind.values()) {
            counts.put(kind, 0L);
        }
    }

    /** A key present on both sides. */
    void both(Row source, Row target) {
        List<Integer> differing = new ArrayList<>();
        List<ComparedColumn> columns = table.columns();
        for (int i = 0; i < columns.size(); i++) {
            if (!ValueComparison.equal(
                    columns.get(i).kind(), source.values()[i], target.values()[i])) {
                differing.add(i);
            }
        }
        if (differing.isEmpty()) {
            matched++;
            return;
        }
        if (count(DifferenceKind.DIFFERENT)) {
            List<ColumnDifference> details = new ArrayList<>();
            for (int i : differing) {
                ValueKind kind = columns.get(i).kind();
                details.add(
                        new ColumnDifference(
                                columns.get(i).name(),
                                ValueRenderer.render(kind, source.values()[i]),
                                ValueRenderer.render(kind, target.values()[i])));
            }
            kept.add(RowDifference.different(renderKey(source.key()), details));
        }
    }

    /** A key present on the source only. */
    void missing(Row source) {
        if (count(DifferenceKind.MISSING_ON_TARGET)) {
            kept.add(RowDifference.missing(renderKey(source.key())));
        }
    }

    /** A key present on the target only. */
    void extra(Row target) {
        if (count(DifferenceKind.EXTRA_ON_TARGET)) {
            kept.add(RowDifference.extra(renderKey(target.key())));
        }
    }

    TableComparison result() {
        return new TableComparison(table, matched, counts, kept);
    }

    /** Counts one difference and says whether it is among those kept with values. */
    private boolean count(DifferenceKind kind) {
        counts.merge(kind, 1L, Long::sum);
        return kept.size() < maxDifferences;
    }

    private String renderKey(RowKey key) {
        List<ComparedColumn> keyColumns = table.keyColumns();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < key.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            ComparedColumn column = keyColumns.get(i);
            out.append(column.name())
                    .append('=')
                    .append(ValueRenderer.render(column.kind(), key.value(i)));
        }
        return out.toString();
    }
}
