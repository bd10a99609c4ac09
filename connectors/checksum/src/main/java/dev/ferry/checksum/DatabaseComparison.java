package dev.ferry.checksum;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The immutable outcome of comparing several tables, with totals. */
public final class DatabaseComparison {

    private final List<TableComparison> tables;
    private final Map<TableRef, String> failures;

    DatabaseComparison(List<TableComparison> tables, Map<TableRef, String> failures) {
        this.tables = List.copyOf(tables);
        this.failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }

    /** The tables that were compared, in order. */
    public List<TableComparison> tables() {
        return tables;
    }

    /** Source tables that could not be compared, with a one-line reason each. */
    public Map<TableRef, String> failures() {
        return failures;
    }

    /** Whether every table was compared and found equal. */
    public boolean isEqual() {
        return failures.isEmpty() && tables.stream().allMatch(TableComparison::isEqual);
    }

    /** Whether any compared table differs. */
    public boolean hasDifferences() {
        return tables.stream().anyMatch(table -> !table.isEqual());
    }

    public long sourceRows() {
        return tables.stream().mapToLong(TableComparison::sourceRows).sum();
    }

    public long targetRows() {
        return tables.stream().mapToLong(TableComparison::targetRows).sum();
    }

    /**
     * One line of totals: {@code total: 3 tables: 2 equal, 1 with differences; 1200 rows on source,
     * 1199 on target}.
     */
    public String summaryLine() {
        long equal = tables.stream().filter(TableComparison::isEqual).count();
        int count = tables.size() + failures.size();
        StringBuilder out = new StringBuilder("total: ");
        out.append(count).append(count == 1 ? " table: " : " tables: ");
        out.append(equal).append(" equal, ");
        out.append(tables.size() - equal).append(" with differences");
        if (!failures.isEmpty()) {
            out.append(", ").append(failures.size()).append(" not compared");
        }
        out.append("; ").append(sourceRows()).append(" rows on source, ");
        out.append(targetRows()).append(" on target");
        return out.toString();
    }

    /** One line per equal table, details for each other table and failure, then the totals. */
    public String summary() {
        StringBuilder out = new StringBuilder();
        for (TableComparison table : tables) {
            out.append(table.isEqual() ? table.summaryLine() : table.summary()).append('\n');
        }
        failures.forEach(
                (table, reason) ->
                        out.append(table).append(": not compared: ").append(reason).append('\n'));
        return out.append(summaryLine()).toString();
    }

    @Override
    public String toString() {
        return summary();
    }
}
