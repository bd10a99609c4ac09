package dev.ferry.checksum;

import java.util.Arrays;
import java.util.List;

/** Builds the in-memory table descriptions and rows that unit tests compare. */
final class TestTables {

    static final TableRef SHOP_ORDERS = new TableRef("shop", "orders");

    private TestTables() {}

    /** A table on {@code shop.orders} on both sides whose key is the columns at {@code keys}. */
    static ComparedTable table(List<ComparedColumn> columns, Integer... keys) {
        return new ComparedTable(
                SHOP_ORDERS, SHOP_ORDERS, columns, Arrays.asList(keys), List.of(), false);
    }

    /** {@code orders(id BIGINT UNSIGNED PRIMARY KEY, price DECIMAL, note VARCHAR)}. */
    static ComparedTable orders() {
        return table(
                List.of(
                        ComparedColumn.of("id", "bigint"),
                        ComparedColumn.of("price", "decimal"),
                        ComparedColumn.of("note", "varchar")),
                0);
    }

    static Row row(ComparedTable table, Object... values) {
        return Row.of(values, table.keyIndexes());
    }
}
