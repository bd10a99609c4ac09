package dev.ferry.capture.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.capture.TestTables;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.Operation;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.IndexSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

class ChangeFilterTest {
    private static final TableId USERS = TableId.of("shop_1", "users");
    private static final TableId OTHER = TableId.of("crm", "users");

    private static ChangeFilter filter(String key, String value) {
        Configuration options = new Configuration();
        options.setString(key, value);
        return ChangeFilter.from(options);
    }

    private static Map<String, Object> row(Object... keysAndValues) {
        Map<String, Object> row = new HashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            row.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return row;
    }

    private static ColumnSchema column(String name) {
        return new ColumnSchema(name, "int", "int", true, false, null, null, null);
    }

    private static TableSchema users() {
        return TestTables.keyedOnId(
                "shop_1",
                "users",
                List.of(column("id"), column("email"), column("amount"), column("status")),
                "email");
    }

    @Test
    void leavesOutColumnsFromBothImagesAndTheDefinitionOfMatchingTablesOnly() {
        ChangeFilter filter = filter("filter.columns.exclude", "shop_\\d+[.]users:EMAIL");

        ChangeFilter.Kept kept =
                filter.apply(
                        USERS,
                        Operation.UPDATE,
                        row("id", 1L, "email", "a@x"),
                        row("id", 1L, "email", "b@x"));
        TableSchema projected = filter.project(users());

        assertThat(kept.before()).containsOnlyKeys("id");
        assertThat(kept.after()).containsOnlyKeys("id");
        assertThat(filter.apply(OTHER, Operation.CREATE, null, row("id", 1L, "email", "e")).after())
                .containsKey("email");
        assertThat(projected.columns())
                .extracting(ColumnSchema::name)
                .containsExactly("id", "amount", "status");
        assertThat(projected.indexes()).extracting(IndexSchema::name).containsExactly("PRIMARY");
    }

    @Test
    void refusesLeavingOutAKeyColumnOrOneTheTableLacks() {
        assertThatThrownBy(
                        () ->
                                filter("filter.columns.exclude", "shop_1[.]users:id")
                                        .project(users()))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'id' of shop_1.users")
                .hasMessageContaining("key");
        assertThatThrownBy(
                        () ->
                                filter("filter.columns.exclude", "shop_1[.]users:phone")
                                        .project(users()))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'phone'")
                .hasMessageContaining("shop_1.users");
    }

    @Test
    void skipsTheNamedEventTypesButNeverSnapshotRows() {
        ChangeFilter filter = filter("filter.events.skip", "shop_1[.]users:delete, update");

        assertThat(filter.apply(USERS, Operation.DELETE, row("id", 1L), null)).isNull();
        assertThat(filter.apply(USERS, Operation.UPDATE, row("id", 1L), row("id", 1L))).isNull();
        assertThat(filter.apply(USERS, Operation.CREATE, null, row("id", 1L))).isNotNull();
        assertThat(filter.apply(USERS, Operation.READ, null, row("id", 1L))).isNotNull();
        assertThat(filter.apply(OTHER, Operation.DELETE, row("id", 1L), null)).isNotNull();
    }

    @Test
    void aRowFilterKeepsExactlyThePassingRowsDownstream() {
        ChangeFilter filter =
                filter("filter.rows", "shop_1[.]users:amount >= 100 && status != 'test'");
        Map<String, Object> big =
                row("id", 1L, "amount", new BigDecimal("150.5"), "status", "paid");
        Map<String, Object> small = row("id", 1L, "amount", 5L, "status", "paid");
        Map<String, Object> test = row("id", 1L, "amount", 500L, "status", "test");

        assertThat(filter.apply(USERS, Operation.READ, null, big)).isNotNull();
        assertThat(filter.apply(USERS, Operation.CREATE, null, small)).isNull();
        assertThat(filter.apply(USERS, Operation.CREATE, null, test)).isNull();
        assertThat(filter.apply(USERS, Operation.DELETE, small, null)).isNull();
        assertThat(filter.apply(USERS, Operation.DELETE, big, null).operation())
                .isEqualTo(Operation.DELETE);
        assertThat(filter.apply(USERS, Operation.UPDATE, big, big).operation())
                .isEqualTo(Operation.UPDATE);
        assertThat(filter.apply(USERS, Operation.UPDATE, small, test)).isNull();
        ChangeFilter.Kept in = filter.apply(USERS, Operation.UPDATE, small, big);
        assertThat(in.operation()).isEqualTo(Operation.CREATE);
        assertThat(in.before()).isNull();
        assertThat(in.after()).isEqualTo(big);
        ChangeFilter.Kept out = filter.apply(USERS, Operation.UPDATE, big, small);
        assertThat(out.operation()).isEqualTo(Operation.DELETE);
        assertThat(out.before()).isEqualTo(big);
        assertThat(out.after()).isNull();
    }

    @Test
    void aNullColumnFailsAComparisonAsInSqlAndCanBeTestedFor() {
        ChangeFilter filter = filter("filter.rows", "shop_1[.]users:amount > 1");
        ChangeFilter isNull = filter("filter.rows", "shop_1[.]users:status == null");

        assertThat(filter.apply(USERS, Operation.CREATE, null, row("id", 1L, "amount", null)))
                .isNull();
        assertThat(isNull.apply(USERS, Operation.CREATE, null, row("id", 1L, "status", null)))
                .isNotNull();
        assertThat(isNull.apply(USERS, Operation.CREATE, null, row("id", 1L, "status", "x")))
                .isNull();
    }

    @Test
    void refusesExpressionsThatDoNotParseCallMethodsOrReadUnknownColumns() {
        assertThatThrownBy(() -> filter("filter.rows", "shop_1[.]users:amount >"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("filter.rows expression 'amount >' does not parse");
        assertThatThrownBy(() -> filter("filter.rows", "shop_1[.]users:status.length() > 2"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'status.length() > 2'");
        assertThatThrownBy(
                        () ->
                                filter(
                                        "filter.rows",
                                        "shop_1[.]users:new('java.io.File', 'x') == null"))
                .isInstanceOf(FerryConfigException.class);
        assertThatThrownBy(() -> filter("filter.rows", "shop_1[.]users:status.bytes == null"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("status.bytes");
        assertThatThrownBy(() -> filter("filter.rows", "shop_1[.]users:x = 1"))
                .isInstanceOf(FerryConfigException.class);
        assertThatThrownBy(
                        () -> filter("filter.rows", "shop_1[.]users:Amount > 1").project(users()))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining(
                        "reads column 'Amount', which table shop_1.users does not have");
    }

    @Test
    void refusesBadTablePatternsEntriesAndEventTypesNamingThem() {
        assertThatThrownBy(() -> filter("filter.rows", "shop_(1:amount > 1"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("filter.rows table pattern 'shop_(1'");
        assertThatThrownBy(() -> filter("filter.columns.exclude", "shop_1[.]users"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'shop_1[.]users' is not 'table-regex:value'");
        assertThatThrownBy(() -> filter("filter.events.skip", "(?:a|b)[.]t:truncate"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("event type 'truncate'");
    }
}
