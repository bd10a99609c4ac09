package dev.ferry.capture.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.TableSchema;
import io.debezium.relational.Column;
import io.debezium.relational.Table;
import io.debezium.relational.history.TableChanges;
import java.sql.Types;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SchemaChangeReaderTest {
    private static final TableSchema UPSTREAM_NOW =
            new TableSchema(
                    "shop",
                    "orders",
                    "ferry.shop.orders",
                    List.of(
                            new ColumnSchema("id", "int(11)", "int", false, false, null, null),
                            new ColumnSchema("late", "int(11)", "int", true, false, null, null)),
                    List.of());

    private final Map<TableId, TableSchema> upstream = new HashMap<>();

    private final SchemaChangeReader reader =
            new SchemaChangeReader(
                    new TransactionTracker(),
                    new SchemaChangeReader.Definitions() {
                        @Override
                        public Optional<TableSchema> read(TableId table) {
                            return Optional.ofNullable(upstream.get(table));
                        }

                        @Override
                        public String topicOf(TableId table) {
                            return "ferry." + table.qualifiedName();
                        }
                    },
                    table -> true);

    @Test
    void anAlterTakesTheUpstreamDefinitionWhenItsColumnsAreThoseAfterTheStatement() {
        upstream.put(TableId.of("shop", "orders"), UPSTREAM_NOW);

        SchemaChange change =
                one(
                        "ALTER TABLE orders ADD COLUMN late INT",
                        "shop",
                        List.of(alter("orders", column("id", "INT", 1), column("late", "INT", 2))));

        assertThat(change.kind()).isEqualTo(SchemaChange.Kind.ALTER);
        assertThat(change.definition()).isSameAs(UPSTREAM_NOW);
    }

    @Test
    void columnsComeFromTheBinlogWhenTheUpstreamIsAlreadyPastTheStatement() {
        upstream.put(
                TableId.of("shop", "orders"), UPSTREAM_NOW); // 'late' already dropped? no: added

        SchemaChange change =
                one(
                        "ALTER TABLE orders ADD COLUMN note VARCHAR(20) DEFAULT 'x'",
                        "shop",
                        List.of(
                                alter(
                                        "orders",
                                        column("id", "INT", 1),
                                        varchar("note", 20, "x", 2))));

        assertThat(change.definition().columns())
                .extracting(ColumnSchema::name)
                .containsExactly("id", "note");
        ColumnSchema note = change.definition().columns().get(1);
        assertThat(note.columnType()).isEqualTo("varchar(20)");
        assertThat(note.defaultValue()).isEqualTo("'x'");
    }

    @Test
    void renamesTruncatesAndDropsAreRecognised() {
        assertThat(
                        one(
                                "RENAME TABLE `shop`.`o` TO `shop`.`orders`",
                                "shop",
                                List.of(alter("orders", column("id", "INT", 1)))))
                .satisfies(
                        c -> {
                            assertThat(c.kind()).isEqualTo(SchemaChange.Kind.RENAME);
                            assertThat(c.previousTable()).isEqualTo(TableId.of("shop", "o"));
                        });
        assertThat(
                        one(
                                        "alter table o rename to orders",
                                        "shop",
                                        List.of(alter("orders", column("id", "INT", 1))))
                                .previousTable())
                .isEqualTo(TableId.of("shop", "o"));
        assertThat(one("TRUNCATE TABLE `orders`", "shop", List.of()))
                .satisfies(
                        c -> {
                            assertThat(c.kind()).isEqualTo(SchemaChange.Kind.TRUNCATE);
                            assertThat(c.table()).isEqualTo(TableId.of("shop", "orders"));
                        });
        TableChanges.TableChange drop =
                new TableChanges.TableChange(
                        TableChanges.TableChangeType.DROP, table("orders", column("id", "INT", 1)));
        assertThat(one("DROP TABLE orders", "shop", List.of(drop)).kind())
                .isEqualTo(SchemaChange.Kind.DROP);
        assertThat(
                        reader.schemaChanges(
                                "DROP TABLE `shop`.`a`, b /* generated by server */",
                                "shop",
                                List.of()))
                .extracting(SchemaChange::table)
                .containsExactly(TableId.of("shop", "a"), TableId.of("shop", "b"));
        assertThat(reader.schemaChanges("CREATE DATABASE x", "x", List.of())).isEmpty();
    }

    @Test
    void aReplayedStatementAfterARestoreGetsNoSecondId() {
        TransactionTracker tracker = new TransactionTracker();
        Map<String, Object> offset = Map.of("file", "bin.1", "pos", 400L, "event", 1L);
        String first = tracker.schemaChangeId(offset).orElseThrow();
        String second = tracker.schemaChangeId(offset).orElseThrow(); // RENAME a TO b, c TO d
        Map<String, String> state = tracker.writeTo(new HashMap<>());

        TransactionTracker restored = new TransactionTracker();
        restored.restore(state);

        assertThat(first).isEqualTo("file=bin.1,pos=400,ddl=1.0");
        assertThat(second).isEqualTo("file=bin.1,pos=400,ddl=1.1");
        assertThat(restored.schemaChangeId(offset)).isEmpty();
        assertThat(restored.schemaChangeId(offset)).isEmpty();
        assertThat(restored.schemaChangeId(Map.of("file", "bin.1", "pos", 900L)))
                .contains("file=bin.1,pos=900,ddl=0.0");
    }

    private SchemaChange one(String ddl, String database, List<TableChanges.TableChange> changes) {
        List<SchemaChange> all = reader.schemaChanges(ddl, database, changes);
        assertThat(all).hasSize(1);
        return all.get(0);
    }

    private static TableChanges.TableChange alter(String name, Column... columns) {
        return new TableChanges.TableChange(
                TableChanges.TableChangeType.ALTER, table(name, columns));
    }

    private static Table table(String name, Column... columns) {
        return Table.editor()
                .tableId(new io.debezium.relational.TableId("shop", null, name))
                .setColumns(columns)
                .setPrimaryKeyNames("id")
                .create();
    }

    private static Column column(String name, String type, int position) {
        return Column.editor()
                .name(name)
                .type(type)
                .jdbcType(Types.INTEGER)
                .length(11)
                .position(position)
                .optional(!name.equals("id"))
                .create();
    }

    private static Column varchar(String name, int length, String defaultValue, int position) {
        return Column.editor()
                .name(name)
                .type("VARCHAR")
                .jdbcType(Types.VARCHAR)
                .length(length)
                .charsetName("utf8mb4")
                .position(position)
                .optional(true)
                .defaultValueExpression(defaultValue)
                .create();
    }
}
