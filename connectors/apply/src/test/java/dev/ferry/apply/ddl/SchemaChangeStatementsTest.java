package dev.ferry.apply.ddl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaChangeStatementsTest {
    private static final TableId T = TableId.of("shop", "t");
    private static final ColumnSchema ID = column("id", "int(11)", false, null);
    private static final ColumnSchema V = column("v", "varchar(20)", true, "NULL");
    private static final IndexSchema PRIMARY = index("PRIMARY", true, true, "id");

    @Test
    void anAddedColumnIsAddedWithItsDefaultAndPlace() {
        TableSchema now = table(List.of(ID, V), List.of(PRIMARY));
        TableSchema after =
                table(List.of(ID, column("extra", "int(11)", false, "5"), V), List.of(PRIMARY));

        assertThat(
                        statements(
                                "ALTER TABLE t ADD COLUMN extra INT NOT NULL DEFAULT 5 AFTER id",
                                now,
                                after))
                .containsExactly(
                        "ALTER TABLE `shop`.`t` ADD COLUMN `extra` int(11) NOT NULL DEFAULT 5 AFTER `id`");
    }

    @Test
    void nothingRunsWhenTheDownstreamHasTheDefinitionAlready() {
        TableSchema after =
                table(List.of(ID, V, column("extra", "int(11)", false, "5")), List.of(PRIMARY));
        // the downstream prints int without its display width (MySQL 8, TiDB)
        TableSchema downstream =
                table(
                        List.of(
                                column("id", "int", false, null),
                                V,
                                column("extra", "int", false, "5")),
                        List.of(PRIMARY));

        assertThat(
                        statements(
                                "ALTER TABLE t ADD COLUMN extra INT NOT NULL DEFAULT 5",
                                downstream,
                                after))
                .isEmpty();
    }

    @Test
    void droppedWidenedAndRenamedColumns() {
        TableSchema now =
                table(
                        List.of(ID, V, column("gone", "int(11)", true, null)),
                        List.of(PRIMARY, index("by_gone", false, false, "gone")));
        TableSchema after =
                table(List.of(ID, column("w", "varchar(200)", true, "NULL")), List.of(PRIMARY));

        assertThat(
                        statements(
                                "ALTER TABLE t CHANGE COLUMN `v` `w` VARCHAR(200), DROP COLUMN gone",
                                now,
                                after))
                .containsExactly(
                        "ALTER TABLE `shop`.`t` RENAME COLUMN `v` TO `w`",
                        "ALTER TABLE `shop`.`t` DROP INDEX `by_gone`",
                        "ALTER TABLE `shop`.`t` DROP COLUMN `gone`",
                        "ALTER TABLE `shop`.`t` MODIFY COLUMN `w` varchar(200) NULL");
    }

    @Test
    void indexesAreAddedAndDroppedByName() {
        TableSchema now = table(List.of(ID, V), List.of(PRIMARY, index("old", false, false, "v")));
        TableSchema after =
                table(List.of(ID, V), List.of(PRIMARY, index("by_v", false, true, "v", "id")));

        assertThat(
                        statements(
                                "ALTER TABLE t DROP INDEX old, ADD UNIQUE KEY by_v (v, id)",
                                now,
                                after))
                .containsExactly(
                        "ALTER TABLE `shop`.`t` DROP INDEX `old`",
                        "ALTER TABLE `shop`.`t` ADD UNIQUE KEY `by_v` (`v`,`id`)");
    }

    @Test
    void aChangedPrimaryKeyIsRefusedWithTheTableNamed() {
        TableSchema now = table(List.of(ID, V), List.of(PRIMARY));
        TableSchema after = table(List.of(ID, V), List.of(index("PRIMARY", true, true, "id", "v")));

        assertThatThrownBy(() -> statements("ALTER TABLE t ...", now, after))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("primary key of shop.t");
    }

    @Test
    void tableLevelStatementsRunOnlyWhenTheyStillHaveSomethingToDo() {
        TableSchema now = table(List.of(ID, V), List.of(PRIMARY));
        TableId old = TableId.of("shop", "o");

        assertThat(
                        SchemaChangeStatements.of(
                                new SchemaChange(
                                        SchemaChange.Kind.DROP, "DROP TABLE t", T, null, null),
                                now,
                                null))
                .containsExactly("DROP TABLE IF EXISTS `shop`.`t`");
        assertThat(
                        SchemaChangeStatements.of(
                                new SchemaChange(
                                        SchemaChange.Kind.DROP, "DROP TABLE t", T, null, null),
                                null,
                                null))
                .isEmpty();
        assertThat(
                        SchemaChangeStatements.of(
                                new SchemaChange(
                                        SchemaChange.Kind.TRUNCATE, "TRUNCATE t", T, null, null),
                                now,
                                null))
                .containsExactly("TRUNCATE TABLE `shop`.`t`");
        SchemaChange rename =
                new SchemaChange(SchemaChange.Kind.RENAME, "RENAME TABLE o TO t", T, old, now);
        assertThat(SchemaChangeStatements.of(rename, null, now))
                .containsExactly("RENAME TABLE `shop`.`o` TO `shop`.`t`");
        assertThat(SchemaChangeStatements.of(rename, now, null)).isEmpty();
        assertThat(
                        SchemaChangeStatements.of(
                                new SchemaChange(
                                        SchemaChange.Kind.CREATE, "CREATE TABLE t …", T, null, now),
                                null,
                                null))
                .hasSize(2)
                .last()
                .asString()
                .startsWith("CREATE TABLE IF NOT EXISTS `shop`.`t`");
    }

    @Test
    void columnRenamesAreReadFromTheStatement() {
        assertThat(
                        ColumnRenames.of(
                                "ALTER TABLE t RENAME COLUMN a TO b, CHANGE `c d` e INT, CHANGE f f BIGINT"))
                .containsExactly(
                        org.assertj.core.api.Assertions.entry("a", "b"),
                        org.assertj.core.api.Assertions.entry("c d", "e"));
    }

    private static List<String> statements(String ddl, TableSchema now, TableSchema after) {
        return SchemaChangeStatements.of(
                new SchemaChange(SchemaChange.Kind.ALTER, ddl, T, null, after), now, null);
    }

    private static TableSchema table(List<ColumnSchema> columns, List<IndexSchema> indexes) {
        return new TableSchema("shop", "t", "ferry.shop.t", columns, new ArrayList<>(indexes));
    }

    private static ColumnSchema column(
            String name, String type, boolean nullable, String defaultValue) {
        return new ColumnSchema(
                name,
                type,
                type.replaceAll("\\(.*", ""),
                nullable,
                false,
                null,
                null,
                defaultValue);
    }

    private static IndexSchema index(
            String name, boolean primary, boolean unique, String... columns) {
        return new IndexSchema(
                name,
                primary,
                unique,
                java.util.Arrays.stream(columns)
                        .map(c -> new IndexSchema.IndexColumn(c, null))
                        .toList());
    }
}
