package dev.ferry.envelope.json;

import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.RecyclerPool;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Jackson's parse buffers for one owner that parses one record at a time: a single {@link
 * BufferRecycler}, handed back and forth. Jackson's default keeps it in a thread-local behind a
 * soft reference, and finding it there cost a sixth of the apply's parse threads' samples (two
 * parsers per record, a key and a value) and a fifth of its END record reader's. Safe when shared:
 * a second parser at the same time gets fresh buffers.
 */
final class SingleRecyclerPool implements RecyclerPool<BufferRecycler> {
    private static final long serialVersionUID = 1L;

    private final transient AtomicReference<BufferRecycler> idle = new AtomicReference<>();

    @Override
    public BufferRecycler acquirePooled() {
        BufferRecycler recycler = idle.getAndSet(null);
        return recycler != null ? recycler : new BufferRecycler();
    }

    @Override
    public void releasePooled(BufferRecycler recycler) {
        idle.set(recycler);
    }

    /** A pool read back from Java serialization starts empty, as Jackson's own pools do. */
    private Object readResolve() {
        return new SingleRecyclerPool();
    }
}
