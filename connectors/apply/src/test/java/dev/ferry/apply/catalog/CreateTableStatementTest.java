package dev.ferry.apply.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.IndexSchema.IndexColumn;
import dev.ferry.envelope.schema.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class CreateTableStatementTest {
    @Test
    void writesTidbCompatibleDefinition() {
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
                                        "mood",
                                        "enum('Happy','sad')",
                                        "enum",
                                        true,
                                        false,
                                        "utf8mb4",
                                        "utf8mb4_general_ci"),
                                new ColumnSchema(
                                        "doc",
                                        "longtext",
                                        "longtext",
                                        true,
                                        true,
                                        "utf8mb4",
                                        "utf8mb4_bin"),
                                new ColumnSchema(
                                        "note",
                                        "text",
                                        "text",
                                        true,
                                        false,
                                        "utf8mb4",
                                        "utf8mb4_uca1400_ai_ci")),
                        List.of(
                                new IndexSchema(
                                        "PRIMARY",
                                        true,
                                        true,
                                        List.of(new IndexColumn("id", null))),
                                new IndexSchema(
                                        "k_note",
                                        false,
                                        false,
                                        List.of(new IndexColumn("note", 10)))));

        String ddl = CreateTableStatement.createTable(schema);

        assertThat(ddl)
                .isEqualTo(
                        "CREATE TABLE IF NOT EXISTS `shop`.`orders` (\n"
                                + "  `id` bigint(20) unsigned NOT NULL,\n"
                                + "  `mood` enum('Happy','sad') CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NULL,\n"
                                + "  `doc` json NULL,\n"
                                + "  `note` text CHARACTER SET utf8mb4 NULL,\n"
                                + "  PRIMARY KEY (`id`),\n"
                                + "  KEY `k_note` (`note`(10))\n"
                                + ") DEFAULT CHARSET=utf8mb4");
    }
}
