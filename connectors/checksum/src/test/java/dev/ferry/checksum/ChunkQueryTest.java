package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkQueryTest {

    private static final ComparedTable SINGLE_KEY =
            new ComparedTable(
                    new TableRef("shop", "orders"),
                    new TableRef("shop_copy", "orders"),
                    List.of(
                            ComparedColumn.of("id", "bigint"),
                            new ComparedColumn(
                                    "created", ValueKind.TEMPORAL, "timestamp", "datetime"),
                            new ComparedColumn("note", ValueKind.TEXT, "varchar", "timestamp")),
                    List.of(0),
                    List.of(),
                    false);

    private static final ComparedTable COMPOSITE_KEY =
            TestTables.table(
                    List.of(
                            ComparedColumn.of("tenant", "int"),
                            ComparedColumn.of("day", "date"),
                            ComparedColumn.of("total", "decimal")),
                    0,
                    1);

    @Test
    void firstChunkHasNoWhereClause() {
        assertThat(ChunkQuery.forSource(SINGLE_KEY).sql(false, false, 5000))
                .isEqualTo(
                        "SELECT `id`, CAST(`created` AS CHAR), `note` FROM `shop`.`orders`"
                                + " ORDER BY `id` LIMIT 5000");
    }

    @Test
    void singleKeyBoundsUsePlainComparisons() {
        assertThat(ChunkQuery.forSource(SINGLE_KEY).sql(true, true, 10))
                .endsWith(" WHERE `id` > ? AND `id` <= ? ORDER BY `id` LIMIT 10");
        assertThat(ChunkQuery.forSource(SINGLE_KEY).parametersPerBound()).isEqualTo(1);
    }

    @Test
    void eachSideCastsTheColumnsItDeclaresTemporal() {
        assertThat(ChunkQuery.forTarget(SINGLE_KEY).sql(false, true, 10))
                .isEqualTo(
                        "SELECT `id`, CAST(`created` AS CHAR), CAST(`note` AS CHAR)"
                                + " FROM `shop_copy`.`orders` WHERE `id` <= ? ORDER BY `id` LIMIT 10");
    }

    @Test
    void compositeKeysUseRowValuesBehindAnIndexFriendlyLeadingColumn() {
        ChunkQuery query = ChunkQuery.forSource(COMPOSITE_KEY);

        assertThat(query.sql(true, false, 100))
                .isEqualTo(
                        "SELECT `tenant`, CAST(`day` AS CHAR), `total` FROM `shop`.`orders`"
                                + " WHERE `tenant` >= ? AND (`tenant`, `day`) > (?, ?)"
                                + " ORDER BY `tenant`, `day` LIMIT 100");
        assertThat(query.sql(true, true, 100))
                .contains(
                        "WHERE `tenant` >= ? AND (`tenant`, `day`) > (?, ?)"
                                + " AND `tenant` <= ? AND (`tenant`, `day`) <= (?, ?)");
        assertThat(query.parametersPerBound()).isEqualTo(3);
    }

    @Test
    void quotesIdentifiersContainingBackticks() {
        ComparedTable odd =
                new ComparedTable(
                        new TableRef("my db", "we`ird"),
                        new TableRef("my db", "we`ird"),
                        List.of(ComparedColumn.of("k`ey", "int")),
                        List.of(0),
                        List.of(),
                        false);

        assertThat(ChunkQuery.forSource(odd).sql(false, false, 1))
                .isEqualTo("SELECT `k``ey` FROM `my db`.`we``ird` ORDER BY `k``ey` LIMIT 1");
    }
}
