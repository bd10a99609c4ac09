package dev.ferry.envelope.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableSchemaRowKeyTest {
    private static ColumnSchema column(String name, boolean nullable) {
        return new ColumnSchema(name, "int(11)", "int", nullable, false, null, null);
    }

    private static IndexSchema index(String name, boolean primary, boolean unique, String... cols) {
        return new IndexSchema(
                name,
                primary,
                unique,
                Arrays.stream(cols).map(c -> new IndexSchema.IndexColumn(c, null)).toList());
    }

    private static TableSchema table(List<ColumnSchema> columns, IndexSchema... indexes) {
        return new TableSchema("db", "t", "topic", columns, List.of(indexes));
    }

    private static final List<ColumnSchema> COLUMNS =
            List.of(column("a", false), column("b", false), column("c", true));

    @Test
    void primaryKeyWins() {
        TableSchema schema =
                table(COLUMNS, index("u_a", false, true, "a"), index("PRIMARY", true, true, "b"));

        assertThat(schema.rowKey().orElseThrow().columnNames()).containsExactly("b");
    }

    @Test
    void withoutPrimaryKeyTheSmallestNotNullUniqueKey() {
        TableSchema schema =
                table(
                        COLUMNS,
                        index("u_ab", false, true, "a", "b"),
                        index("u_b", false, true, "b"),
                        index("k_a", false, false, "a"));

        assertThat(schema.rowKey().orElseThrow().name()).isEqualTo("u_b");
    }

    @Test
    void aUniqueKeyWithANullableColumnDoesNotCount() {
        TableSchema schema =
                table(
                        COLUMNS,
                        index("u_ac", false, true, "a", "c"),
                        index("k_b", false, false, "b"));

        assertThat(schema.rowKey()).isEmpty();
    }
}
