package dev.ferry.apply.assembly;

import dev.ferry.apply.progress.ApplyProgress;
import dev.ferry.envelope.ChangeEvent;
import dev.ferry.envelope.SourcePosition;
import dev.ferry.envelope.TableId;
import dev.ferry.envelope.TransactionEnd;
import dev.ferry.envelope.TransactionInfo;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds change events and END records for the apply unit tests. */
public final class Changes {
    public static final TableId ACCOUNTS = TableId.of("bank", "accounts");
    public static final TableId SAVINGS = TableId.of("bank", "savings");

    private Changes() {}

    /** An assembler of every table, in memory without limit, that knows no applied transaction. */
    public static TransactionAssembler assembler(ApplyProgress progress) {
        return new TransactionAssembler(
                progress,
                Set.of(),
                t -> true,
                Long.MAX_VALUE,
                Long.MAX_VALUE,
                Path.of("/tmp"),
                Integer.MAX_VALUE);
    }

    /** The id the capture job gives a transaction starting at {@code pos} of binlog file 1. */
    public static String txId(long pos) {
        return "file=bin.000001,pos=" + pos;
    }

    public static ChangeEvent insert(TableId table, long txPos, int order, long id, Object uk) {
        return ChangeEvent.insert(table, row(id, uk), List.of("id"), binlog(txPos, order));
    }

    public static ChangeEvent update(
            TableId table, long txPos, int order, long fromId, long toId, Object uk) {
        return ChangeEvent.update(
                table, row(fromId, uk), row(toId, uk), List.of("id"), binlog(txPos, order));
    }

    public static ChangeEvent snapshotRow(TableId table, long id) {
        return ChangeEvent.snapshotRead(
                table,
                row(id, null),
                List.of("id"),
                new ChangeEvent.Metadata(new SourcePosition("", 0, 0, 1, 0, true), null, 1L));
    }

    public static TransactionEnd end(long txPos, long events) {
        return new TransactionEnd(txId(txPos), "bin.000001", txPos, 1000 + txPos, events, Map.of());
    }

    private static Map<String, Object> row(long id, Object uk) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("email", uk);
        row.put("balance", 100L);
        return row;
    }

    private static ChangeEvent.Metadata binlog(long txPos, int order) {
        return new ChangeEvent.Metadata(
                new SourcePosition("bin.000001", txPos + order, 0, 1, 1000 + txPos, false),
                new TransactionInfo(txId(txPos), order, order),
                1L);
    }
}
