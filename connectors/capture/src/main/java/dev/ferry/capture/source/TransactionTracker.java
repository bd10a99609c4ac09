package dev.ferry.capture.source;

import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.TransactionInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Numbers binlog changes within their upstream transaction and produces each transaction's END. The
 * id is the transaction's restart position from the record's source offset ({@code file=…,pos=…}),
 * the id Debezium gives on MariaDB and on MySQL without GTIDs.
 *
 * <p>Its state travels in the binlog split's offset map ({@link #writeTo}, {@link #restore}), so a
 * restart from a checkpoint taken inside a transaction goes on with the next order, and an END
 * Debezium dispatches again after such a restart is not emitted twice.
 */
final class TransactionTracker {
    static final String KEY_PREFIX = "ferry.tx.";
    private static final String ID = KEY_PREFIX + "id";
    private static final String FILE = KEY_PREFIX + "file";
    private static final String POSITION = KEY_PREFIX + "pos";
    private static final String ORDER = KEY_PREFIX + "order";
    private static final String TIMESTAMP = KEY_PREFIX + "ts";
    private static final String ENDED = KEY_PREFIX + "ended";
    private static final String COUNT_PREFIX = KEY_PREFIX + "count.";
    private static final String LAST_DDL = KEY_PREFIX + "ddl";
    private static final String LAST_DDL_INDEX = KEY_PREFIX + "ddl.index";

    private String id;
    private String file;
    private long position;
    private long totalOrder;
    private long lastTimestampMs;
    private boolean ended;
    private final Map<TableId, Long> countByTable = new LinkedHashMap<>();

    /** The END of a transaction the binlog left without one, waiting to be taken. */
    private TransactionEnd unended;

    /**
     * The position of the last DDL statement emitted, and its index among those at that position
     * (Debezium splits {@code RENAME TABLE a TO b, c TO d} into several at one position).
     */
    private String lastDdl;

    private int lastDdlIndex;

    /** The last DDL statement emitted before the restore, which Debezium may replay. */
    private String replayDdl;

    private int replayDdlIndex;

    /** The transaction id of a binlog record: its restart position. */
    static String idOf(Map<String, ?> sourceOffset) {
        return "file=" + sourceOffset.get("file") + ",pos=" + sourceOffset.get("pos");
    }

    /** Numbers the next change of the transaction that {@code sourceOffset} belongs to. */
    TransactionInfo next(Map<String, ?> sourceOffset, TableId table, long timestampMs) {
        String changeId = idOf(sourceOffset);
        if (!changeId.equals(id)) {
            if (id != null && !ended && totalOrder > 0) {
                // A new transaction proves the previous one committed, END or not.
                unended = end();
            }
            id = changeId;
            file = String.valueOf(sourceOffset.get("file"));
            position = Long.parseLong(String.valueOf(sourceOffset.get("pos")));
            totalOrder = 0;
            lastTimestampMs = 0;
            ended = false;
            countByTable.clear();
        }
        totalOrder++;
        lastTimestampMs = Math.max(lastTimestampMs, timestampMs);
        long tableOrder = countByTable.merge(table, 1L, Long::sum);
        return new TransactionInfo(id, totalOrder, tableOrder);
    }

    /**
     * The END of the transaction that Debezium says ended at {@code endOffset}: empty when the
     * transaction changed no captured row or its END was already emitted.
     */
    Optional<TransactionEnd> endAt(Map<String, ?> endOffset) {
        if (ended || totalOrder == 0 || !idOf(endOffset).equals(id)) {
            return Optional.empty();
        }
        ended = true;
        return Optional.of(end());
    }

    /**
     * The id of the DDL statement at {@code sourceOffset} ({@code file=…,pos=…,ddl=N}), ending the
     * open transaction first (a DDL commits it); empty when that statement was emitted already, as
     * Debezium replays it after a restart from a checkpoint taken right after it.
     */
    Optional<String> schemaChangeId(Map<String, ?> sourceOffset) {
        String position = idOf(sourceOffset);
        long skip =
                sourceOffset.get("event") == null
                        ? 0
                        : Long.parseLong(String.valueOf(sourceOffset.get("event")));
        String at = position + ",event=" + skip;
        int index = at.equals(lastDdl) ? lastDdlIndex + 1 : 0;
        lastDdl = at;
        lastDdlIndex = index;
        if (at.equals(replayDdl) && index <= replayDdlIndex) {
            return Optional.empty();
        }
        replayDdl = null;
        if (id != null && !ended && totalOrder > 0 && unended == null) {
            unended = end();
            ended = true;
        }
        return Optional.of(position + ",ddl=" + skip + "." + index);
    }

    /** The END of a transaction that was followed by another one without its own END. */
    Optional<TransactionEnd> takeUnended() {
        TransactionEnd taken = unended;
        unended = null;
        return Optional.ofNullable(taken);
    }

    private TransactionEnd end() {
        return new TransactionEnd(id, file, position, lastTimestampMs, totalOrder, countByTable);
    }

    /** Writes the state into {@code offset} under keys of its own ({@value #KEY_PREFIX}*). */
    Map<String, String> writeTo(Map<String, String> offset) {
        offset.keySet().removeIf(key -> key.startsWith(KEY_PREFIX));
        String ddl = lastDdl != null ? lastDdl : replayDdl;
        if (ddl != null) {
            offset.put(LAST_DDL, ddl);
            offset.put(
                    LAST_DDL_INDEX,
                    Integer.toString(lastDdl != null ? lastDdlIndex : replayDdlIndex));
        }
        if (id == null) {
            return offset;
        }
        offset.put(ID, id);
        offset.put(FILE, file);
        offset.put(POSITION, Long.toString(position));
        offset.put(ORDER, Long.toString(totalOrder));
        offset.put(TIMESTAMP, Long.toString(lastTimestampMs));
        offset.put(ENDED, Boolean.toString(ended));
        countByTable.forEach(
                (table, count) ->
                        offset.put(COUNT_PREFIX + table.qualifiedName(), count.toString()));
        return offset;
    }

    /** Takes the state from an offset written by {@link #writeTo}; none there means none. */
    void restore(Map<String, String> offset) {
        id = offset.get(ID);
        unended = null;
        replayDdl = offset.get(LAST_DDL);
        replayDdlIndex = replayDdl == null ? 0 : Integer.parseInt(offset.get(LAST_DDL_INDEX));
        lastDdl = null;
        lastDdlIndex = 0;
        countByTable.clear();
        if (id == null) {
            file = null;
            position = 0;
            totalOrder = 0;
            lastTimestampMs = 0;
            ended = false;
            return;
        }
        file = offset.get(FILE);
        position = Long.parseLong(offset.get(POSITION));
        totalOrder = Long.parseLong(offset.get(ORDER));
        lastTimestampMs = Long.parseLong(offset.get(TIMESTAMP));
        ended = Boolean.parseBoolean(offset.get(ENDED));
        offset.forEach(
                (key, value) -> {
                    if (key.startsWith(COUNT_PREFIX)) {
                        countByTable.put(
                                TableId.parse(key.substring(COUNT_PREFIX.length())),
                                Long.parseLong(value));
                    }
                });
    }
}
