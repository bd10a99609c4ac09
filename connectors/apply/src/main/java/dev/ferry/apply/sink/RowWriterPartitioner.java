package dev.ferry.apply.sink;

import dev.ferry.apply.source.RawChange;
import org.apache.flink.api.common.functions.Partitioner;

/**
 * Routes each change to the row-mode writer that owns its key (equal keys to one writer, in order),
 * and an addressed copy ({@link HeartbeatFanOut}) to the writer it names.
 */
public final class RowWriterPartitioner implements Partitioner<RawChange> {
    private static final long serialVersionUID = 1L;

    @Override
    public int partition(RawChange change, int writers) {
        return change.writer >= 0 ? change.writer % writers : owner(change, writers);
    }

    /** The writer that owns this change's key among {@code writers}. */
    public static int owner(RawChange change, int writers) {
        return Math.floorMod(change.keyHash(), writers);
    }
}
