package dev.ferry.capture.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.TableId;
import io.debezium.util.Strings;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TableSelectionTest {
    private static final TableId HEARTBEAT = TableId.of("ferry", "heartbeat");

    /** What Debezium makes of the list Flink CDC hands it: split at commas, matched whole. */
    private static boolean sourceMatches(TableSelection selection, String table) {
        Set<Pattern> patterns = Strings.setOfRegex(String.join(",", selection.sourceTableList()));
        return patterns.stream().anyMatch(p -> p.matcher(table).matches());
    }

    @Test
    void namesAndIncludePatternsLessExcludesAgreeWithTheSourceFilter() {
        TableSelection selection =
                TableSelection.of(
                        List.of("crm.client-list", "shop.*"),
                        List.of("shard_\\d{1,2}\\.orders_\\d+"),
                        List.of("shop\\.tmp_.*", "shard_\\d+\\.orders_9"),
                        HEARTBEAT);

        for (String table :
                List.of(
                        "crm.client-list",
                        "crm.clientXlist",
                        "shop.orders",
                        "shop.created_later",
                        "shop.tmp_1",
                        "shopx.orders",
                        "shard_1.orders_1",
                        "shard_12.orders_3",
                        "shard_123.orders_3",
                        "shard_1.orders_9",
                        "shard_1.orders_x",
                        "ferry.heartbeat")) {
            boolean expected =
                    Set.of(
                                    "crm.client-list",
                                    "shop.orders",
                                    "shop.created_later",
                                    "shard_1.orders_1",
                                    "shard_12.orders_3",
                                    "ferry.heartbeat")
                            .contains(table);
            assertThat(selection.includes(TableId.parse(table))).as(table).isEqualTo(expected);
            assertThat(sourceMatches(selection, table)).as(table).isEqualTo(expected);
        }
    }

    @Test
    void anExcludeNeverDropsTheHeartbeatTable() {
        TableSelection selection =
                TableSelection.of(List.of("ferry.*"), List.of(), List.of("ferry\\..*"), HEARTBEAT);

        assertThat(selection.includes(HEARTBEAT)).isTrue();
        assertThat(selection.includes(TableId.of("ferry", "other"))).isFalse();
        assertThat(sourceMatches(selection, "ferry.heartbeat")).isTrue();
        assertThat(sourceMatches(selection, "ferry.other")).isFalse();
    }

    @Test
    void watchesTheDatabasesAnIncludePatternNamesAlsoBeforeTheyExist() {
        TableSelection selection =
                TableSelection.of(
                        List.of("crm.t"),
                        List.of("shard_\\d+\\.orders", "(a|b)\\.t", "a\\.t|b\\.t"),
                        List.of(),
                        null);

        String[] databases = selection.sourceDatabaseList(List.of(TableId.of("shard_1", "orders")));

        assertThat(databases).contains("shard_\\d+", "(a|b)", ".*");
        List<Pattern> compiled = Strings.setOfRegex(String.join(",", databases)).stream().toList();
        assertThat(compiled).anyMatch(p -> p.matcher("shard_7").matches());
        assertThat(compiled).anyMatch(p -> p.matcher("crm").matches());
    }

    @Test
    void theDatabasePartIsTheRegexBeforeTheFirstTopLevelDot() {
        assertThat(TableSelection.databasePart("shop_\\d+\\.orders")).isEqualTo("shop_\\d+");
        assertThat(TableSelection.databasePart("(x\\.y)\\.t")).isEqualTo("(x\\.y)");
        assertThat(TableSelection.databasePart("[\\.]x\\.t")).isEqualTo("[\\.]x");
        assertThat(TableSelection.databasePart("a|b\\.t")).isEqualTo(".*");
        assertThat(TableSelection.databasePart("shop.orders")).isEqualTo(".*");
    }

    @Test
    void refusesAPatternThatDoesNotCompileNamingIt() {
        assertThatThrownBy(
                        () ->
                                TableSelection.of(
                                        List.of(),
                                        List.of("ok\\..*", "shop_(\\d+"),
                                        List.of(),
                                        null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("upstream.tables.include pattern 'shop_(\\d+'")
                .hasMessageContaining("Unclosed group");
        assertThatThrownBy(() -> TableSelection.of(List.of("a.b"), List.of(), List.of("[x"), null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("upstream.tables.exclude pattern '[x'");
    }

    @Test
    void refusesNoTablesAtAllAndAMalformedName() {
        assertThatThrownBy(() -> TableSelection.of(List.of(), List.of(), List.of(), HEARTBEAT))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("upstream.tables or upstream.tables.include is required");
        assertThatThrownBy(() -> TableSelection.of(List.of("orders"), List.of(), List.of(), null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'orders'");
    }
}
