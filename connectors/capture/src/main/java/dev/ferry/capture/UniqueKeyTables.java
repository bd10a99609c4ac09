package dev.ferry.capture;

import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Tables without a primary key that are keyed by a NOT NULL unique key instead (as TiDB DM keys
 * them): Debezium must put that key in each record's key ({@code message.key.columns}) and Flink
 * CDC must split the snapshot by its first column ({@code chunkKeyColumn}).
 */
final class UniqueKeyTables {
    private UniqueKeyTables() {}

    /** The tables keyed by a unique key. */
    static List<TableSchema> of(List<TableSchema> tables) {
        return tables.stream().filter(t -> t.primaryKey().isEmpty()).toList();
    }

    /** The columns of the unique key a table without primary key is keyed by. */
    static List<String> keyColumns(TableSchema table) {
        return table.rowKey()
                .map(IndexSchema::columnNames)
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        table.tableId() + " has no key (preflight checks it)"));
    }

    /**
     * Debezium's {@code message.key.columns}: {@code db.table:col,col;db.table:col}, or empty when
     * every table has a primary key. Debezium reads the names as regular expressions, so they are
     * escaped.
     */
    static Optional<String> messageKeyColumns(List<TableSchema> tables) {
        String keys =
                of(tables).stream()
                        .map(
                                t ->
                                        regex(t.database())
                                                + "\\."
                                                + regex(t.table())
                                                + ":"
                                                + keyColumns(t).stream()
                                                        .map(UniqueKeyTables::regex)
                                                        .collect(Collectors.joining(",")))
                        .collect(Collectors.joining(";"));
        return keys.isEmpty() ? Optional.empty() : Optional.of(keys);
    }

    /** A name as a regular expression matching only itself, without the separators , : ; */
    static String regex(String name) {
        StringBuilder escaped = new StringBuilder(name.length() + 4);
        for (char c : name.toCharArray()) {
            if (!Character.isLetterOrDigit(c) && c != '_') {
                escaped.append('\\');
            }
            escaped.append(c);
        }
        return escaped.toString();
    }
}
