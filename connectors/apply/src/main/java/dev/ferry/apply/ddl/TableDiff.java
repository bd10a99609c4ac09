package dev.ferry.apply.ddl;

import static dev.ferry.apply.statement.Identifiers.quote;

import dev.ferry.apply.catalog.CreateTableStatement;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The ALTER TABLE statements that turn a downstream table's current definition into the upstream's
 * definition after a DDL statement, one change per statement (TiDB before 6.2 takes one schema
 * change per ALTER, and one at a time lets a rerun after a crash start where it stopped). Empty
 * when the downstream has it already: so a statement is never run twice.
 *
 * <p>Renamed columns come from the statement's text ({@link ColumnRenames}): a definition alone
 * cannot tell a rename from a drop and an add, which would lose the column's values.
 */
public final class TableDiff {
    private TableDiff() {}

    /**
     * @param renames old column name → new, from the upstream statement
     */
    public static List<String> statements(
            TableId table, TableSchema current, TableSchema target, Map<String, String> renames) {
        String alter = "ALTER TABLE " + quote(table) + " ";
        List<String> statements = new ArrayList<>();
        Map<String, ColumnSchema> columns = new LinkedHashMap<>();
        for (ColumnSchema column : current.columns()) {
            columns.put(lower(column.name()), column);
        }
        renames.forEach(
                (from, to) -> {
                    ColumnSchema old = columns.get(lower(from));
                    if (old != null && !columns.containsKey(lower(to)) && has(target, to)) {
                        statements.add(
                                alter + "RENAME COLUMN " + quote(old.name()) + " TO " + quote(to));
                        columns.put(lower(from), renamed(old, to));
                    }
                });
        checkPrimaryKey(table, current, target, renames);
        List<IndexSchema> currentIndexes = renamedIndexes(current.indexes(), renames);
        for (IndexSchema index : currentIndexes) {
            if (!index.primary() && !sameIndex(target.indexes(), index)) {
                statements.add(alter + "DROP INDEX " + quote(index.name()));
            }
        }
        for (ColumnSchema column : columns.values()) {
            if (!has(target, column.name())) {
                statements.add(alter + "DROP COLUMN " + quote(column.name()));
            }
        }
        String previous = null;
        for (ColumnSchema column : target.columns()) {
            ColumnSchema now = find(columns.values(), column.name());
            if (now == null) {
                statements.add(
                        alter
                                + "ADD COLUMN "
                                + CreateTableStatement.columnDefinition(column, true)
                                + (previous == null ? " FIRST" : " AFTER " + quote(previous)));
            } else if (!sameType(now, column) || now.nullable() != column.nullable()) {
                statements.add(
                        alter
                                + "MODIFY COLUMN "
                                + CreateTableStatement.columnDefinition(column, true));
            }
            previous = column.name();
        }
        for (IndexSchema index : target.indexes()) {
            if (!index.primary() && !sameIndex(currentIndexes, index)) {
                statements.add(alter + "ADD " + CreateTableStatement.indexDefinition(index));
            }
        }
        return statements;
    }

    private static void checkPrimaryKey(
            TableId table, TableSchema current, TableSchema target, Map<String, String> renames) {
        Optional<IndexSchema> now =
                renamedIndexes(current.indexes(), renames).stream()
                        .filter(IndexSchema::primary)
                        .findFirst();
        Optional<IndexSchema> wanted = target.primaryKey();
        List<String> nowColumns = now.map(TableDiff::lowerColumns).orElse(List.of());
        List<String> wantedColumns = wanted.map(TableDiff::lowerColumns).orElse(List.of());
        if (!nowColumns.equals(wantedColumns)) {
            throw new FerryConfigException(
                    "the upstream changed the primary key of "
                            + table
                            + " from "
                            + nowColumns
                            + " to "
                            + wantedColumns
                            + ", which ferry does not carry over (TiDB cannot change a clustered"
                            + " primary key in place, and ferry needs one to apply rows)");
        }
    }

    private static List<IndexSchema> renamedIndexes(
            List<IndexSchema> indexes, Map<String, String> renames) {
        if (renames.isEmpty()) {
            return indexes;
        }
        Map<String, String> byLowerName = new LinkedHashMap<>();
        renames.forEach((from, to) -> byLowerName.put(lower(from), to));
        return indexes.stream()
                .map(
                        index ->
                                new IndexSchema(
                                        index.name(),
                                        index.primary(),
                                        index.unique(),
                                        index.columns().stream()
                                                .map(
                                                        c ->
                                                                new IndexSchema.IndexColumn(
                                                                        byLowerName.getOrDefault(
                                                                                lower(c.name()),
                                                                                c.name()),
                                                                        c.prefixLength()))
                                                .toList()))
                .toList();
    }

    /** Whether {@code indexes} holds one of that name with the same columns and uniqueness. */
    private static boolean sameIndex(List<IndexSchema> indexes, IndexSchema index) {
        for (IndexSchema other : indexes) {
            if (other.name().equalsIgnoreCase(index.name())) {
                return other.unique() == index.unique()
                        && lowerColumns(other).equals(lowerColumns(index))
                        && other.columns().stream()
                                .map(IndexSchema.IndexColumn::prefixLength)
                                .toList()
                                .equals(
                                        index.columns().stream()
                                                .map(IndexSchema.IndexColumn::prefixLength)
                                                .toList());
            }
        }
        return false;
    }

    /**
     * Whether two definitions of a column have the same type, as the downstream prints it: integer
     * display widths (gone in MySQL 8 and TiDB) do not count, and MariaDB's JSON is LONGTEXT.
     */
    static boolean sameType(ColumnSchema now, ColumnSchema wanted) {
        if (wanted.json()) {
            return now.json() || "longtext".equals(now.dataType());
        }
        return normalType(now.columnType()).equals(normalType(wanted.columnType()));
    }

    private static String normalType(String columnType) {
        return columnType
                .toLowerCase(Locale.ROOT)
                .replaceAll("^(tinyint|smallint|mediumint|int|integer|bigint)\\(\\d+\\)", "$1")
                .replace("integer", "int")
                .replace(" zerofill", "")
                .trim();
    }

    private static ColumnSchema renamed(ColumnSchema column, String name) {
        return new ColumnSchema(
                name,
                column.columnType(),
                column.dataType(),
                column.nullable(),
                column.json(),
                column.characterSet(),
                column.collation(),
                column.defaultValue());
    }

    private static boolean has(TableSchema schema, String column) {
        return find(schema.columns(), column) != null;
    }

    private static ColumnSchema find(Iterable<ColumnSchema> columns, String name) {
        for (ColumnSchema column : columns) {
            if (column.name().equalsIgnoreCase(name)) {
                return column;
            }
        }
        return null;
    }

    private static List<String> lowerColumns(IndexSchema index) {
        return index.columnNames().stream().map(TableDiff::lower).toList();
    }

    private static String lower(String name) {
        return Objects.requireNonNull(name).toLowerCase(Locale.ROOT);
    }
}
