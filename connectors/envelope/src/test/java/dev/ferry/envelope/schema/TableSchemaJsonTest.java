package dev.ferry.envelope.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableSchemaJsonTest {
    @Test
    void roundTripsAndKeepsThePrimaryKey() {
        TableSchema schema =
                new TableSchema(
                        "shop",
                        "orders",
                        "ferry.shop.orders",
                        List.of(
                                new ColumnSchema(
                                        "id",
                                        "bigint(20) unsigned",
                                        "bigint",
                                        false,
                                        false,
                                        null,
                                        null),
                                new ColumnSchema(
                                        "doc",
                                        "longtext",
                                        "longtext",
                                        true,
                                        true,
                                        "utf8mb4",
                                        "utf8mb4_bin"),
                                new ColumnSchema("img", "blob", "blob", true, false, null, null)),
                        List.of(
                                new IndexSchema(
                                        "PRIMARY",
                                        true,
                                        true,
                                        List.of(new IndexSchema.IndexColumn("id", null)))));

        TableSchema back = TableSchemaJson.fromJson(TableSchemaJson.toJson(schema));

        assertThat(back).isEqualTo(schema);
        assertThat(back.primaryKey().orElseThrow().columnNames()).containsExactly("id");
        assertThat(back.column("IMG").orElseThrow().isBinary()).isTrue();
        assertThat(new String(TableSchemaJson.toJson(schema)))
                .contains("\"column_type\"")
                .doesNotContain("\"binary\"");
    }
}
