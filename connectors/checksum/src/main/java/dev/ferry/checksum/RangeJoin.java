package dev.ferry.checksum;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs source and target rows by primary key, one source chunk at a time, with memory bounded by
 * about one chunk.
 *
 * <p>Each source chunk ends at some key; the target is then read, page by page, from where its
 * previous read stopped up to and including that key, and the rows are joined on key equality in a
 * hash map. So the join never compares keys in Java: the databases do the ordering and the range
 * cut, each by its own rules. That is what makes it exact for key types whose order Java cannot
 * reproduce (strings under a case- or accent-insensitive or PAD SPACE collation), and it is as
 * exact for BIGINT UNSIGNED above 2^63, binary and temporal keys. A merge of two ordered streams
 * would need a Java comparator that agrees with the collation, and one disagreement would report a
 * cascade of rows as missing and extra.
 *
 * <p>The one assumption is that both sides order keys alike, i.e. string key columns have the same
 * collation on both sides (as replication creates them). If not, a row whose key falls into a
 * different chunk on each side is reported once as missing and once as extra; nothing is reported
 * equal wrongly, and because the target's read position only moves forward, every target row is
 * still read exactly once.
 */
final class RangeJoin {

    private final KeysetReader source;
    private final KeysetReader target;
    private final int chunkSize;

    RangeJoin(KeysetReader source, KeysetReader target, int chunkSize) {
        this.source = source;
        this.target = target;
        this.chunkSize = chunkSize;
    }

    void run(DifferenceCollector collector) throws SQLException {
        RowKey after = null;
        RowKey targetAfter = null;
        while (true) {
            List<Row> chunk = source.read(after, null, chunkSize);
            boolean lastChunk = chunk.size() < chunkSize;
            // The last chunk's range is open-ended so it also takes target rows past the source's
            // last key.
            RowKey upTo = lastChunk ? null : chunk.get(chunk.size() - 1).key();
            Map<RowKey, Row> unmatched = new LinkedHashMap<>();
            for (Row row : chunk) {
                unmatched.put(row.key(), row);
            }
            targetAfter = joinTargetRange(targetAfter, upTo, unmatched, collector);
            unmatched.values().forEach(collector::missing);
            if (lastChunk) {
                return;
            }
            after = upTo;
        }
    }

    /**
     * Streams the target rows in {@code (after, upTo]} page by page against the source chunk, and
     * returns the last target key read (or {@code after} if none).
     */
    private RowKey joinTargetRange(
            RowKey after, RowKey upTo, Map<RowKey, Row> unmatched, DifferenceCollector collector)
            throws SQLException {
        RowKey pageAfter = after;
        while (true) {
            List<Row> page = target.read(pageAfter, upTo, chunkSize);
            for (Row targetRow : page) {
                Row sourceRow = unmatched.remove(targetRow.key());
                if (sourceRow == null) {
                    collector.extra(targetRow);
                } else {
                    collector.both(sourceRow, targetRow);
                }
            }
            if (!page.isEmpty()) {
                pageAfter = page.get(page.size() - 1).key();
            }
            if (page.size() < chunkSize) {
                return pageAfter;
            }
        }
    }
}
