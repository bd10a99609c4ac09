package dev.ferry.capture.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.capture.TestTables;
import dev.ferry.capture.kafka.TopicRouting;
import dev.ferry.config.FerryConfigException;
import dev.ferry.envelope.SchemaChange;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.schema.ColumnSchema;
import dev.ferry.envelope.schema.TableSchema;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

class TableRouterTest {
    private static final TopicRouting TOPICS =
            new TopicRouting("ferry.{database}.{table}", TopicRouting.PartitionBy.KEY);

    private static TableRouter router(String routes, String sourceColumns) {
        Configuration options = new Configuration();
        options.setString("route.tables", routes);
        if (sourceColumns != null) {
            options.setString("route.source-columns", sourceColumns);
        }
        return TableRouter.from(options);
    }

    private static TableSchema shard(String database, String table, String amountType) {
        return TestTables.keyedOnId(
                database,
                table,
                List.of(
                        new ColumnSchema("id", "int", "int", false, false, null, null, null),
                        new ColumnSchema(
                                "amount", amountType, amountType, true, false, null, null, null)),
                "amount");
    }

    @Test
    void routesShardsToOneTargetAddingSourceColumnsToRowsAndKey() {
        TableRouter router =
                router(
                        "shop_(\\d+)[.]orders_\\d+:shop.orders;crm[.].*:crm_all.$0",
                        "shop_.*:src_db=database,src_table=table,region='eu'");

        Route route = router.routeOf(TableId.of("shop_1", "orders_3"));

        assertThat(route.target()).isEqualTo(TableId.of("shop", "orders"));
        assertThat(route.row(Map.of("id", 7L)))
                .containsExactly(
                        Map.entry("id", 7L),
                        Map.entry("src_db", "shop_1"),
                        Map.entry("src_table", "orders_3"),
                        Map.entry("region", "eu"));
        assertThat(route.keyColumns(List.of("id")))
                .containsExactly("id", "src_db", "src_table", "region");
        assertThat(router.routeOf(TableId.of("other", "t")).changesRows()).isFalse();
        assertThatThrownBy(() -> router.routeOf(TableId.of("crm", "users")))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("not 'database.table'");
    }

    @Test
    void publishesEachTargetOnceWithItsKeyExtended() {
        TableRouter router = router("s_\\d[.]t_\\d:m.t", "s_.*:src_db=database,src_table=table");

        List<TableSchema> targets =
                router.definitions(
                        List.of(
                                shard("s_1", "t_1", "int"),
                                shard("s_1", "t_2", "int"),
                                shard("s_2", "t_1", "int"),
                                shard("x", "y", "int")),
                        TOPICS);

        assertThat(targets)
                .extracting(TableSchema::tableId)
                .containsExactly(TableId.of("m", "t"), TableId.of("x", "y"));
        TableSchema merged = targets.get(0);
        assertThat(merged.topic()).isEqualTo("ferry.m.t");
        assertThat(merged.columns())
                .extracting(ColumnSchema::name)
                .containsExactly("id", "amount", "src_db", "src_table");
        assertThat(merged.rowKey().orElseThrow().columnNames())
                .containsExactly("id", "src_db", "src_table");
        assertThat(merged.indexes().get(1).columnNames()).containsExactly("amount");
    }

    @Test
    void refusesShardsThatDifferNamingThem() {
        TableRouter router = router("s_\\d[.]t:m.t", null);

        assertThatThrownBy(
                        () ->
                                router.definitions(
                                        List.of(
                                                shard("s_1", "t", "int"),
                                                shard("s_2", "t", "bigint")),
                                        TOPICS))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("merges s_1.t and s_2.t into m.t")
                .hasMessageContaining("amount int in s_1.t, amount bigint in s_2.t");
    }

    @Test
    void givesShardAltersAndCreatesInTheTargetsFormAndStopsAtOtherShardDdl() {
        TableRouter router = router("s_\\d[.]t:m.t", null);
        TableId shard = TableId.of("s_2", "t");

        SchemaChange alter =
                router.mergedShardChange(
                                new SchemaChange(
                                        SchemaChange.Kind.ALTER,
                                        "ALTER TABLE t ADD c INT",
                                        shard,
                                        null,
                                        shard("s_2", "t", "int")),
                                TOPICS)
                        .orElseThrow();
        assertThat(alter.table()).isEqualTo(TableId.of("m", "t"));
        assertThat(alter.definition().tableId()).isEqualTo(TableId.of("m", "t"));
        assertThat(alter.ddl()).isEqualTo("ALTER TABLE t ADD c INT");
        assertThat(
                        router.mergedShardChange(
                                        new SchemaChange(
                                                SchemaChange.Kind.CREATE,
                                                "CREATE TABLE t",
                                                shard,
                                                null,
                                                shard("s_2", "t", "int")),
                                        TOPICS)
                                .orElseThrow()
                                .kind())
                .isEqualTo(SchemaChange.Kind.CREATE);
        for (SchemaChange.Kind kind : List.of(SchemaChange.Kind.TRUNCATE, SchemaChange.Kind.DROP)) {
            assertThatThrownBy(
                            () ->
                                    router.mergedShardChange(
                                            new SchemaChange(kind, "X t", shard, null, null),
                                            TOPICS))
                    .hasMessageContaining("DDL on s_2.t, which route.tables merges into m.t")
                    .hasMessageContaining("nothing is lost");
        }
        assertThatThrownBy(
                        () ->
                                router.mergedShardChange(
                                        new SchemaChange(
                                                SchemaChange.Kind.RENAME,
                                                "RENAME TABLE t TO u",
                                                TableId.of("s_2", "u"),
                                                shard,
                                                shard("s_2", "u", "int")),
                                        TOPICS))
                .hasMessageContaining("RENAME TABLE t TO u");
        assertThat(
                        router.mergedShardChange(
                                new SchemaChange(
                                        SchemaChange.Kind.TRUNCATE,
                                        "TRUNCATE x",
                                        TableId.of("x", "t"),
                                        null,
                                        null),
                                TOPICS))
                .isEmpty();
    }

    @Test
    void aResumedCaptureLeavesOutATargetWhoseShardsDiffer() {
        TableRouter router = router("s_\\d[.]t:m.t", null);

        assertThat(
                        router.definitions(
                                List.of(shard("s_1", "t", "int"), shard("s_2", "t", "bigint")),
                                TOPICS,
                                true))
                .isEmpty();
    }

    @Test
    void refusesBadSourceColumnValues() {
        assertThatThrownBy(() -> router("a[.]b:c.d", "a.*:src=schema"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("value 'schema' of column src");
        assertThatThrownBy(() -> router("a[.]b:c.d", "a.*:bad name=table"))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("'bad name=table'");
    }
}
