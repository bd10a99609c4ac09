package dev.ferry.checksum;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** A side held in memory that orders keys the way a test says its database would. */
final class InMemoryKeysetReader implements KeysetReader {

    /** Orders like MySQL for numbers (by value, any width) and binary strings (by byte). */
    static final Comparator<RowKey> NUMERIC_AND_BINARY = InMemoryKeysetReader::compareKeys;

    private final List<Row> rows;
    private final Comparator<RowKey> order;
    private int reads;
    private int largestRead;

    InMemoryKeysetReader(List<Row> rows, Comparator<RowKey> order) {
        this.rows = new ArrayList<>(rows);
        this.rows.sort(Comparator.comparing(Row::key, order));
        this.order = order;
    }

    InMemoryKeysetReader(List<Row> rows) {
        this(rows, NUMERIC_AND_BINARY);
    }

    @Override
    public List<Row> read(RowKey after, RowKey upTo, int limit) {
        reads++;
        List<Row> page = new ArrayList<>();
        for (Row row : rows) {
            boolean aboveLower = after == null || order.compare(row.key(), after) > 0;
            boolean belowUpper = upTo == null || order.compare(row.key(), upTo) <= 0;
            if (aboveLower && belowUpper && page.size() < limit) {
                page.add(row);
            }
        }
        largestRead = Math.max(largestRead, page.size());
        return page;
    }

    int reads() {
        return reads;
    }

    int largestRead() {
        return largestRead;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareKeys(RowKey left, RowKey right) {
        for (int i = 0; i < left.size(); i++) {
            Object a = left.value(i);
            Object b = right.value(i);
            int result =
                    a instanceof byte[] x && b instanceof byte[] y
                            ? java.util.Arrays.compareUnsigned(x, y)
                            : ((Comparable) a).compareTo(b);
            if (result != 0) {
                return result;
            }
        }
        return 0;
    }
}
