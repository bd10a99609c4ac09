package dev.ferry.capture;

import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.List;

/** Table definitions for the capture's unit tests, as the capture reads them upstream. */
public final class TestTables {
    private TestTables() {}

    /**
     * {@code database.table} with {@code columns}, on its topic {@code ferry.database.table}: a
     * primary key on {@code id} and a secondary index {@code by_<indexed>} on {@code indexed}.
     */
    public static TableSchema keyedOnId(
            String database, String table, List<ColumnSchema> columns, String indexed) {
        return new TableSchema(
                database,
                table,
                "ferry." + database + "." + table,
                columns,
                List.of(
                        new IndexSchema(
                                "PRIMARY",
                                true,
                                true,
                                List.of(new IndexSchema.IndexColumn("id", null))),
                        new IndexSchema(
                                "by_" + indexed,
                                false,
                                false,
                                List.of(new IndexSchema.IndexColumn(indexed, null)))));
    }
}
