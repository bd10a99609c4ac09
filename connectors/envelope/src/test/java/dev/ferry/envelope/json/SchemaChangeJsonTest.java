package dev.ferry.envelope.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaChangeJsonTest {
    private static final TableSchema AFTER =
            new TableSchema(
                    "shop",
                    "orders",
                    "ferry.shop.orders",
                    List.of(
                            new ColumnSchema("id", "int(11)", "int", false, false, null, null),
                            new ColumnSchema(
                                    "note",
                                    "varchar(20)",
                                    "varchar",
                                    true,
                                    false,
                                    "utf8mb4",
                                    "utf8mb4_general_ci",
                                    "'none'")),
                    List.of(
                            new IndexSchema(
                                    "PRIMARY",
                                    true,
                                    true,
                                    List.of(new IndexSchema.IndexColumn("id", null)))));

    @Test
    void aDdlEndRoundTripsWithItsDefinition() {
        TransactionEnd end =
                TransactionEnd.ofSchemaChange(
                        "file=mysql-bin.000003,pos=900,ddl=0",
                        "mysql-bin.000003",
                        900,
                        1732180000000L,
                        new SchemaChange(
                                SchemaChange.Kind.RENAME,
                                "ALTER TABLE o RENAME TO orders",
                                TableId.of("shop", "orders"),
                                TableId.of("shop", "o"),
                                AFTER));

        TransactionEnd read = TransactionEndJson.parse(TransactionEndJson.serialize(end));

        assertThat(read).isEqualTo(end);
        assertThat(read.schemaChange().definition().columns().get(1).defaultValue())
                .isEqualTo("'none'");
    }

    @Test
    void aDdlEndLooksToEndReadersLikeATransactionWithoutChanges() throws Exception {
        TransactionEnd end =
                TransactionEnd.ofSchemaChange(
                        "file=mysql-bin.000003,pos=900,ddl=0",
                        "mysql-bin.000003",
                        900,
                        1,
                        new SchemaChange(
                                SchemaChange.Kind.DROP,
                                "DROP TABLE orders",
                                TableId.of("shop", "orders"),
                                null,
                                null));

        var node = new ObjectMapper().readTree(TransactionEndJson.serialize(end));

        assertThat(node.get("status").asText()).isEqualTo("END");
        assertThat(node.get("event_count").asLong()).isZero();
        assertThat(node.get("data_collections")).isEmpty();
        assertThat(node.get("schema_change").get("kind").asText()).isEqualTo("drop");
        assertThat(node.get("schema_change").get("definition").isNull()).isTrue();
    }

    @Test
    void aRowTransactionsEndHasNoSchemaChange() {
        TransactionEnd end =
                new TransactionEnd(
                        "file=f,pos=4", "f", 4, 1, 1, java.util.Map.of(TableId.of("a", "b"), 1L));

        assertThat(TransactionEndJson.parse(TransactionEndJson.serialize(end)).schemaChange())
                .isNull();
    }
}
