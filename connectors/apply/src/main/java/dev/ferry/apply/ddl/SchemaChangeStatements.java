package dev.ferry.apply.ddl;

import static dev.ferry.apply.statement.Identifiers.quote;

import dev.ferry.apply.catalog.CreateTableStatement;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Translates an upstream DDL statement into the statements that bring the downstream table to the
 * upstream's definition after it, in SQL that TiDB accepts: rebuilt from the definitions (the
 * downstream's now against the upstream's after the statement), not the upstream's text passed
 * through. Empty when the downstream is there already.
 */
public final class SchemaChangeStatements {
    private SchemaChangeStatements() {}

    /**
     * @param current the downstream table now, null if it does not exist
     * @param previous for a rename, the downstream table under its old name, null if it does not
     *     exist
     */
    public static List<String> of(SchemaChange change, TableSchema current, TableSchema previous) {
        TableId table = change.table();
        List<String> statements = new ArrayList<>();
        switch (change.kind()) {
            case DROP -> {
                if (current != null) {
                    statements.add("DROP TABLE IF EXISTS " + quote(table));
                }
            }
            case TRUNCATE -> {
                if (current != null) {
                    statements.add("TRUNCATE TABLE " + quote(table));
                }
            }
            default -> {
                TableSchema target = change.definition();
                if (target == null) {
                    throw new IllegalArgumentException(
                            change.kind() + " of " + table + " carries no definition");
                }
                if (change.kind() == SchemaChange.Kind.RENAME
                        && current == null
                        && previous != null) {
                    statements.add(
                            "RENAME TABLE "
                                    + quote(change.previousTable())
                                    + " TO "
                                    + quote(table));
                    current = previous;
                }
                if (current == null) {
                    statements.add(CreateTableStatement.createDatabase(table.database()));
                    statements.add(CreateTableStatement.createTable(target));
                } else {
                    statements.addAll(
                            TableDiff.statements(
                                    table, current, target, ColumnRenames.of(change.ddl())));
                }
            }
        }
        return statements;
    }
}
