package dev.ferry.checksum;

import static dev.ferry.checksum.TestTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DatabaseComparisonTest {

    private static final ComparedTable ORDERS = TestTables.orders();

    @Test
    void totalsOverEqualTables() {
        DatabaseComparison result = new DatabaseComparison(List.of(equal(2), equal(3)), Map.of());

        assertThat(result.isEqual()).isTrue();
        assertThat(result.summaryLine())
                .isEqualTo(
                        "total: 2 tables: 2 equal, 0 with differences; 5 rows on source, 5 on target");
        assertThat(ChecksumCommand.exitCode(result)).isZero();
    }

    @Test
    void differencesMakeTheDatabaseUnequalAndExitOne() {
        DatabaseComparison result =
                new DatabaseComparison(
                        List.of(equal(1), withMissingRow()),
                        Map.of(new TableRef("shop", "log"), "table shop.log has no primary key"));

        assertThat(result.isEqual()).isFalse();
        assertThat(result.summaryLine())
                .isEqualTo(
                        "total: 3 tables: 1 equal, 1 with differences, 1 not compared;"
                                + " 2 rows on source, 1 on target");
        assertThat(result.summary())
                .contains("shop.orders: 1 row, equal\n")
                .contains("  id=9 missing on target\n")
                .contains("shop.log: not compared: table shop.log has no primary key\n");
        assertThat(ChecksumCommand.exitCode(result)).isEqualTo(1);
    }

    @Test
    void aTableThatCouldNotBeComparedExitsTwo() {
        DatabaseComparison result =
                new DatabaseComparison(
                        List.of(equal(1)), Map.of(new TableRef("shop", "log"), "no primary key"));

        assertThat(result.isEqual()).isFalse();
        assertThat(ChecksumCommand.exitCode(result)).isEqualTo(2);
    }

    private static TableComparison equal(int rows) {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 20);
        for (int id = 1; id <= rows; id++) {
            Row row = row(ORDERS, BigDecimal.valueOf(id), BigDecimal.ONE, "x");
            collector.both(row, row);
        }
        return collector.result();
    }

    private static TableComparison withMissingRow() {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 20);
        collector.missing(row(ORDERS, BigDecimal.valueOf(9), BigDecimal.ONE, "x"));
        return collector.result();
    }
}
