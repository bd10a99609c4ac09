package dev.ferry.checksum;

import static dev.ferry.checksum.TestTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableComparisonTest {

    private static final ComparedTable ORDERS = TestTables.orders();

    @Test
    void equalTableSaysSoInOneLine() {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 20);
        for (int id = 1; id <= 3; id++) {
            collector.both(order(id, "1.50", "a"), order(id, "1.5", "a"));
        }

        TableComparison result = collector.result();

        assertThat(result.isEqual()).isTrue();
        assertThat(result.summaryLine()).isEqualTo("shop.orders: 3 rows, equal");
    }

    @Test
    void summaryLineCountsEachKindAndShowsTheFirstDifference() {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 20);
        collector.both(order(42, "1.50", "a"), order(42, "1.51", "a"));
        collector.missing(order(43, "1", "a"));
        collector.both(order(44, "2", "x"), order(44, "2", "y"));

        TableComparison result = collector.result();

        assertThat(result.isEqual()).isFalse();
        assertThat(result.differenceCount()).isEqualTo(3);
        assertThat(result.summaryLine())
                .isEqualTo(
                        "shop.orders: 3 differences: 1 missing, 2 different"
                                + " — first: id=42 column price: 1.50 vs 1.51");
    }

    @Test
    void summaryListsRowCountsAndEveryKeptDifference() {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 2);
        collector.both(order(1, "1", "a"), order(1, "1", "a"));
        collector.both(order(2, "1", "a"), order(2, "2", null));
        collector.extra(order(3, "1", "a"));
        collector.missing(order(4, "1", "a"));

        assertThat(collector.result().summary())
                .isEqualTo(
                        String.join(
                                "\n",
                                "shop.orders: 3 differences: 1 missing, 1 extra, 1 different",
                                "  rows: 3 on source, 3 on target, 1 matched",
                                "  id=2 different: price: 1 vs 2; note: 'a' vs NULL",
                                "  id=3 extra on target",
                                "  … and 1 more difference not shown"));
    }

    @Test
    void missingColumnsAreDifferencesReportedOnce() {
        ComparedTable table =
                new ComparedTable(
                        ORDERS.source(),
                        ORDERS.target(),
                        ORDERS.columns(),
                        ORDERS.keyIndexes(),
                        List.of("discount"),
                        false);
        DifferenceCollector collector = new DifferenceCollector(table, 20);
        collector.both(order(1, "1", "a"), order(1, "1", "a"));

        TableComparison result = collector.result();

        assertThat(result.isEqual()).isFalse();
        assertThat(result.missingColumns()).containsExactly("discount");
        assertThat(result.summaryLine())
                .isEqualTo("shop.orders: 1 difference: column discount missing on target");
        assertThat(result.summary()).contains("\n  column discount: missing on target");
    }

    @Test
    void missingTargetTableIsNamedAsSuch() {
        ComparedTable table =
                new ComparedTable(
                        ORDERS.source(),
                        new TableRef("copy", "orders"),
                        ORDERS.columns(),
                        ORDERS.keyIndexes(),
                        List.of("id", "price", "note"),
                        true);
        DifferenceCollector collector = new DifferenceCollector(table, 20);
        collector.missing(order(1, "1", "a"));

        TableComparison result = collector.result();

        assertThat(result.isEqual()).isFalse();
        assertThat(result.missingColumns()).isEmpty();
        assertThat(result.summaryLine())
                .isEqualTo("shop.orders vs copy.orders: table missing on target (1 row on source)");
    }

    @Test
    void differenceNamesHowManyMoreColumnsDiffer() {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 20);
        collector.both(order(7, "1", "a"), order(7, "2", "b"));

        assertThat(collector.result().summaryLine())
                .endsWith("first: id=7 column price: 1 vs 2 (and 1 more column)");
    }

    private static Row order(int id, String price, String note) {
        return row(ORDERS, BigDecimal.valueOf(id), new BigDecimal(price), note);
    }
}
