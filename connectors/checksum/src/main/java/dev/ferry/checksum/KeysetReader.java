package dev.ferry.checksum;

import java.sql.SQLException;
import java.util.List;

/** Reads one side's rows in its primary-key order, one bounded key range at a time. */
interface KeysetReader {

    /** A side with no rows, used when the target table does not exist. */
    KeysetReader EMPTY = (after, upTo, limit) -> List.of();

    /**
     * Rows with {@code after < key <= upTo} in the side's own key order, at most {@code limit}.
     *
     * @param after exclusive lower bound, or null for the first row
     * @param upTo inclusive upper bound, or null for the last row
     */
    List<Row> read(RowKey after, RowKey upTo, int limit) throws SQLException;
}
