package dev.ferry.checksum;

import static dev.ferry.checksum.TestTables.row;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RangeJoinTest {

    private static final ComparedTable ORDERS = TestTables.orders();

    @Test
    void equalTablesMatchEveryRow() throws SQLException {
        List<Row> rows = orders(1, 2, 3, 4, 5);

        TableComparison result = join(ORDERS, rows, rows, 2);

        assertThat(result.isEqual()).isTrue();
        assertThat(result.matchedRows()).isEqualTo(5);
        assertThat(result.sourceRows()).isEqualTo(5);
        assertThat(result.targetRows()).isEqualTo(5);
    }

    @Test
    void classifiesMissingExtraAndDifferentRows() throws SQLException {
        List<Row> source = orders(1, 2, 3, 4, 6);
        List<Row> target = new ArrayList<>(orders(1, 3, 4, 5, 6));
        target.set(2, row(ORDERS, dec("4"), dec("9.99"), "note 4"));

        TableComparison result = join(ORDERS, source, target, 2);

        assertThat(result.count(DifferenceKind.MISSING_ON_TARGET)).isEqualTo(1);
        assertThat(result.count(DifferenceKind.EXTRA_ON_TARGET)).isEqualTo(1);
        assertThat(result.count(DifferenceKind.DIFFERENT)).isEqualTo(1);
        assertThat(result.matchedRows()).isEqualTo(3);
        assertThat(result.differences())
                .extracting(RowDifference::brief)
                .containsExactlyInAnyOrder(
                        "id=2 missing on target",
                        "id=5 extra on target",
                        "id=4 column price: 4.00 vs 9.99");
    }

    @Test
    void emptyTargetReportsEverySourceRowMissing() throws SQLException {
        TableComparison result = join(ORDERS, orders(1, 2, 3), List.of(), 2);

        assertThat(result.count(DifferenceKind.MISSING_ON_TARGET)).isEqualTo(3);
        assertThat(result.targetRows()).isZero();
    }

    @Test
    void emptySourceReportsEveryTargetRowExtra() throws SQLException {
        TableComparison result = join(ORDERS, List.of(), orders(1, 2, 3), 2);

        assertThat(result.count(DifferenceKind.EXTRA_ON_TARGET)).isEqualTo(3);
        assertThat(result.sourceRows()).isZero();
    }

    @Test
    void targetRowsBeyondTheLastSourceKeyAreExtra() throws SQLException {
        // The source ends exactly on a chunk boundary, so the last range is open-ended and empty.
        TableComparison result = join(ORDERS, orders(1, 2), orders(1, 2, 3, 4), 2);

        assertThat(result.count(DifferenceKind.EXTRA_ON_TARGET)).isEqualTo(2);
        assertThat(result.matchedRows()).isEqualTo(2);
    }

    @Test
    void manyExtraTargetRowsInOneChunkAreReadPageByPage() throws SQLException {
        InMemoryKeysetReader source = new InMemoryKeysetReader(orders(1, 100));
        InMemoryKeysetReader target = new InMemoryKeysetReader(orders(range(1, 100)));
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 20);

        new RangeJoin(source, target, 10).run(collector);

        TableComparison result = collector.result();
        assertThat(result.count(DifferenceKind.EXTRA_ON_TARGET)).isEqualTo(98);
        assertThat(result.matchedRows()).isEqualTo(2);
        assertThat(target.largestRead()).isLessThanOrEqualTo(10);
    }

    @Test
    void unsignedBigintKeysAbove2To63AreOrderedAndMatchedByValue() throws SQLException {
        BigInteger twoTo63 = BigInteger.ONE.shiftLeft(63);
        BigInteger max = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        List<Row> source =
                orders(
                        List.of(
                                BigInteger.ONE,
                                twoTo63.subtract(BigInteger.ONE),
                                twoTo63,
                                twoTo63.add(BigInteger.ONE),
                                max));
        List<Row> target =
                orders(
                        List.of(
                                BigInteger.ONE,
                                twoTo63.subtract(BigInteger.ONE),
                                twoTo63.add(BigInteger.ONE),
                                twoTo63.add(BigInteger.TEN),
                                max));

        TableComparison result = join(ORDERS, source, target, 2);

        assertThat(result.matchedRows()).isEqualTo(4);
        assertThat(result.differences())
                .extracting(RowDifference::brief)
                .containsExactlyInAnyOrder(
                        "id=9223372036854775808 missing on target",
                        "id=9223372036854775818 extra on target");
    }

    @Test
    void keysReadWithDifferentScaleAreTheSameKey() throws SQLException {
        // The target declares the key DECIMAL(10,3), the source DECIMAL(10,1).
        ComparedTable table =
                TestTables.table(
                        List.of(
                                ComparedColumn.of("code", "decimal"),
                                ComparedColumn.of("name", "varchar")),
                        0);
        List<Row> source = List.of(row(table, dec("1.5"), "a"), row(table, dec("2.0"), "b"));
        List<Row> target = List.of(row(table, dec("1.500"), "a"), row(table, dec("2.000"), "b"));

        assertThat(join(table, source, target, 1).isEqual()).isTrue();
    }

    @Test
    void compositeKeysAreMatchedOnEveryColumn() throws SQLException {
        ComparedTable table =
                TestTables.table(
                        List.of(
                                ComparedColumn.of("tenant", "int"),
                                ComparedColumn.of("name", "varchar"),
                                ComparedColumn.of("qty", "int")),
                        0,
                        1);
        List<Row> source =
                List.of(
                        row(table, dec("1"), "a", dec("10")),
                        row(table, dec("1"), "b", dec("20")),
                        row(table, dec("2"), "a", dec("30")));
        List<Row> target =
                List.of(
                        row(table, dec("1"), "a", dec("10")),
                        row(table, dec("2"), "a", dec("31")),
                        row(table, dec("2"), "b", dec("40")));

        TableComparison result = join(table, source, target, 1);

        assertThat(result.differences())
                .extracting(RowDifference::brief)
                .containsExactlyInAnyOrder(
                        "tenant=1, name='b' missing on target",
                        "tenant=2, name='a' column qty: 30 vs 31",
                        "tenant=2, name='b' extra on target");
    }

    @Test
    void binaryKeysAreMatchedByContent() throws SQLException {
        ComparedTable table =
                TestTables.table(
                        List.of(ComparedColumn.of("uuid", "binary"), ComparedColumn.of("v", "int")),
                        0);
        List<Row> source =
                List.of(
                        row(table, new byte[] {1, 2}, dec("1")),
                        row(table, new byte[] {(byte) 0xff}, dec("2")));
        List<Row> target =
                List.of(
                        row(table, new byte[] {1, 2}, dec("1")),
                        row(table, new byte[] {(byte) 0xff}, dec("2")));

        assertThat(join(table, source, target, 1).isEqual()).isTrue();
    }

    @Test
    void stringKeysInACollationOrderJavaDoesNotShareStillMatch() throws SQLException {
        // Both databases sort case-insensitively: "apple" < "Banana" < "cherry", whereas Java's
        // String.compareTo puts "Banana" first. The join relies on the databases' order only.
        ComparedTable table =
                TestTables.table(
                        List.of(
                                ComparedColumn.of("name", "varchar"),
                                ComparedColumn.of("v", "int")),
                        0);
        List<Row> rows =
                List.of(
                        row(table, "apple", dec("1")),
                        row(table, "Banana", dec("2")),
                        row(table, "cherry", dec("3")),
                        row(table, "Date", dec("4")));
        InMemoryKeysetReader source = new InMemoryKeysetReader(rows, caseInsensitive());
        InMemoryKeysetReader target = new InMemoryKeysetReader(rows, caseInsensitive());
        DifferenceCollector collector = new DifferenceCollector(table, 20);

        new RangeJoin(source, target, 1).run(collector);

        assertThat(collector.result().isEqual()).isTrue();
        assertThat(collector.result().matchedRows()).isEqualTo(4);
    }

    @Test
    void sidesOrderedByDifferentCollationsNeverMatchWrongly() throws SQLException {
        ComparedTable table =
                TestTables.table(
                        List.of(
                                ComparedColumn.of("name", "varchar"),
                                ComparedColumn.of("v", "int")),
                        0);
        List<Row> rows =
                List.of(
                        row(table, "apple", dec("1")),
                        row(table, "Banana", dec("2")),
                        row(table, "cherry", dec("3")));
        InMemoryKeysetReader source = new InMemoryKeysetReader(rows, caseInsensitive());
        InMemoryKeysetReader target = new InMemoryKeysetReader(rows);
        DifferenceCollector collector = new DifferenceCollector(table, 20);

        new RangeJoin(source, target, 1).run(collector);

        TableComparison result = collector.result();
        // A key that falls into a different chunk on each side shows up as missing plus extra,
        // and every target row is still read once.
        assertThat(result.count(DifferenceKind.MISSING_ON_TARGET))
                .isEqualTo(result.count(DifferenceKind.EXTRA_ON_TARGET))
                .isPositive();
        assertThat(result.count(DifferenceKind.DIFFERENT)).isZero();
        assertThat(result.sourceRows()).isEqualTo(3);
        assertThat(result.targetRows()).isEqualTo(3);
    }

    @Test
    void keepsOnlyTheFirstDifferencesButCountsAll() throws SQLException {
        DifferenceCollector collector = new DifferenceCollector(ORDERS, 3);

        new RangeJoin(
                        new InMemoryKeysetReader(orders(range(1, 50))),
                        new InMemoryKeysetReader(List.of()),
                        7)
                .run(collector);

        TableComparison result = collector.result();
        assertThat(result.count(DifferenceKind.MISSING_ON_TARGET)).isEqualTo(50);
        assertThat(result.differences()).hasSize(3);
    }

    private static java.util.Comparator<RowKey> caseInsensitive() {
        return (a, b) ->
                String.CASE_INSENSITIVE_ORDER.compare((String) a.value(0), (String) b.value(0));
    }

    private static TableComparison join(
            ComparedTable table, List<Row> source, List<Row> target, int chunkSize)
            throws SQLException {
        DifferenceCollector collector = new DifferenceCollector(table, 20);
        new RangeJoin(new InMemoryKeysetReader(source), new InMemoryKeysetReader(target), chunkSize)
                .run(collector);
        return collector.result();
    }

    private static List<Row> orders(int... ids) {
        List<BigInteger> keys = new ArrayList<>();
        for (int id : ids) {
            keys.add(BigInteger.valueOf(id));
        }
        return orders(keys);
    }

    private static List<Row> orders(List<BigInteger> ids) {
        List<Row> rows = new ArrayList<>();
        for (BigInteger id : ids) {
            rows.add(row(ORDERS, new BigDecimal(id), new BigDecimal(id).setScale(2), "note " + id));
        }
        return rows;
    }

    private static int[] range(int first, int last) {
        int[] ids = new int[last - first + 1];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = first + i;
        }
        return ids;
    }

    private static BigDecimal dec(String value) {
        return new BigDecimal(value);
    }
}
