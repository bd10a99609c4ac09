package dev.ferry.capture;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class UniqueKeyTablesTest {
    private static TableSchema table(String name, IndexSchema index) {
        return new TableSchema(
                "shop-1",
                name,
                "topic",
                List.of(
                        new ColumnSchema("a", "int", "int", false, false, null, null),
                        new ColumnSchema("b", "int", "int", false, false, null, null)),
                List.of(index));
    }

    private static IndexSchema index(boolean primary, String... columns) {
        return new IndexSchema(
                primary ? "PRIMARY" : "u",
                primary,
                true,
                java.util.Arrays.stream(columns)
                        .map(c -> new IndexSchema.IndexColumn(c, null))
                        .toList());
    }

    @Test
    void onlyTablesWithoutPrimaryKeyGetMessageKeyColumns() {
        List<TableSchema> tables =
                List.of(
                        table("with_pk", index(true, "a")),
                        table("by_unique", index(false, "a", "b")));

        assertThat(UniqueKeyTables.of(tables))
                .extracting(TableSchema::table)
                .containsExactly("by_unique");
        assertThat(UniqueKeyTables.messageKeyColumns(tables)).contains("shop\\-1\\.by_unique:a,b");
    }

    @Test
    void everyTableWithAPrimaryKeyNeedsNoSetting() {
        assertThat(UniqueKeyTables.messageKeyColumns(List.of(table("t", index(true, "a")))))
                .isEmpty();
    }

    @Test
    void escapedNamesMatchOnlyThemselves() {
        String regex = UniqueKeyTables.regex("db.t$1");

        assertThat(Pattern.matches(regex, "db.t$1")).isTrue();
        assertThat(Pattern.matches(regex, "dbxt$1")).isFalse();
    }
}
