package dev.ferry.checksum;

import java.util.List;

/**
 * What is compared for one table: the columns both sides have (source order), which of them form
 * the primary key, and what the target lacks.
 *
 * @param keyIndexes positions in {@code columns} of the primary-key columns, in key order
 * @param missingColumns source columns the target does not have
 * @param targetMissing whether the target table does not exist at all
 */
record ComparedTable(
        TableRef source,
        TableRef target,
        List<ComparedColumn> columns,
        List<Integer> keyIndexes,
        List<String> missingColumns,
        boolean targetMissing) {

    ComparedTable {
        columns = List.copyOf(columns);
        keyIndexes = List.copyOf(keyIndexes);
        missingColumns = List.copyOf(missingColumns);
        if (keyIndexes.isEmpty()) {
            throw new IllegalArgumentException("no key columns for " + source);
        }
    }

    List<ComparedColumn> keyColumns() {
        return keyIndexes.stream().map(columns::get).toList();
    }

    List<String> keyNames() {
        return keyColumns().stream().map(ComparedColumn::name).toList();
    }

    List<ValueKind> keyKinds() {
        return keyColumns().stream().map(ComparedColumn::kind).toList();
    }
}
