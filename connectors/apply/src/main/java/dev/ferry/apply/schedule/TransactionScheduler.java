package dev.ferry.apply.schedule;

import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.apply.conflict.ConflictDetector;
import dev.ferry.apply.conflict.ConflictKeys;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs complete transactions on a pool of workers, each with its own downstream connection. The
 * conflict detector holds back a transaction until the earlier ones sharing a key value are
 * committed. One worker at a time gathers ready transactions into a batch, up to the batch limits,
 * until none became ready for a millisecond or 20 ms passed, and commits them together (ready
 * transactions never conflict with each other) while the next worker gathers. A transaction that
 * waits only for transactions of the batch being gathered joins it after them (see {@link
 * ConflictDetector}). A spilled transaction is always committed alone.
 *
 * <p>{@link #submit} blocks while the transactions in flight hold more than their memory budget:
 * back-pressure on the Kafka source instead of an unbounded heap.
 */
public final class TransactionScheduler implements AutoCloseable {
    /** A batch stops growing when no transaction became ready for this long... */
    private static final long LINGER_MICROS = 1_000;

    /** ...or when it has been growing this long (the latency a batch may add). */
    private static final long MAX_GATHER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** Commits a batch of independent transactions downstream as one transaction. */
    public interface Applier extends AutoCloseable {
        void apply(List<UpstreamTransaction> batch) throws Exception;

        @Override
        void close();
    }

    /** Told about each committed batch, on the worker's thread. */
    public interface Listener {
        /**
         * @param applyNanos how long the batch's downstream transaction took, from its first
         *     statement to its commit's return (retries included)
         */
        void committed(List<UpstreamTransaction> batch, long applyNanos);
    }

    private final ConflictDetector<UpstreamTransaction> detector;
    private final LinkedBlockingDeque<ConflictDetector.Node<UpstreamTransaction>> ready =
            new LinkedBlockingDeque<>();
    private final List<Thread> workers = new ArrayList<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Listener listener;
    private final int batchRows;
    private final long batchBytes;
    private final long maxInFlightBytes;
    private final long maxInFlightRows;
    private final Object inFlightLock = new Object();
    private final Object gathering = new Object();
    private long inFlightBytes;
    private int inFlight;
    private long inFlightRows;
    private int snapshotRowsInFlight;
    private volatile boolean closed;

    public TransactionScheduler(
            int workerCount,
            Supplier<Applier> appliers,
            Listener listener,
            int batchRows,
            long batchBytes,
            long maxInFlightBytes) {
        this.detector = new ConflictDetector<>(ready::addLast);
        this.listener = listener;
        this.batchRows = batchRows;
        this.batchBytes = batchBytes;
        this.maxInFlightBytes = maxInFlightBytes;
        this.maxInFlightRows = maxInFlightRows(batchRows);
        for (int i = 0; i < workerCount; i++) {
            Thread worker = new Thread(() -> work(appliers), "ferry-apply-worker-" + i);
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
    }

    /**
     * Most changes in flight (an empty transaction counts as one): two batches, one committing
     * while the next gathers, whatever the workers. More gives the workers nothing to do sooner; it
     * only keeps more parsed changes alive through young collections. The former bound of two
     * batches per worker cost 44 µs of apply CPU per change at 16 workers draining oltp_insert from
     * Kafka, this one 28-40 µs (2 runs each, benchmarks/drain.sh). With one batch in all, a single
     * worker would find nothing gathered after each commit. Counted in transactions, the bound held
     * four times as many changes for oltp_write_only's 4-change transactions as for oltp_insert.
     */
    static int maxInFlightRows(int batchRows) {
        return Math.max(1024, 2 * batchRows);
    }

    /**
     * Schedules a complete transaction, in upstream commit order.
     *
     * @param barrier run it alone: after everything before it, before everything after it
     * @return true when it had to wait for an earlier conflicting transaction
     */
    public boolean submit(UpstreamTransaction tx, ConflictKeys.KeySet keys, boolean barrier)
            throws Exception {
        synchronized (inFlightLock) {
            while (inFlight > 0
                    && (inFlightBytes + tx.memoryBytes() > maxInFlightBytes
                            || inFlightRows >= maxInFlightRows)) {
                rethrowFailure();
                inFlightLock.wait(100);
            }
            rethrowFailure();
            inFlight++;
            inFlightRows += rows(tx);
            inFlightBytes += tx.memoryBytes();
            if (tx.isSnapshotRow()) {
                snapshotRowsInFlight++;
            }
        }
        return detector.add(tx, keys, barrier || tx.isSpilled());
    }

    /** Snapshot rows handed in and not yet committed. */
    public int snapshotRowsInFlight() {
        synchronized (inFlightLock) {
            return snapshotRowsInFlight;
        }
    }

    public int inFlight() {
        synchronized (inFlightLock) {
            return inFlight;
        }
    }

    public long conflicts() {
        return detector.conflicts();
    }

    /** Throws the first worker failure, if any. */
    public void rethrowFailure() throws Exception {
        Throwable t = failure.get();
        if (t instanceof Exception e) {
            throw e;
        }
        if (t != null) {
            throw new IllegalStateException("an apply worker failed", t);
        }
    }

    /** Waits until every submitted transaction is committed. */
    public void awaitIdle() throws Exception {
        synchronized (inFlightLock) {
            while (inFlight > 0) {
                rethrowFailure();
                inFlightLock.wait(100);
            }
        }
        rethrowFailure();
    }

    private void work(Supplier<Applier> appliers) {
        try (Applier applier = appliers.get()) {
            while (!closed && failure.get() == null) {
                List<ConflictDetector.Node<UpstreamTransaction>> batch;
                // One worker gathers at a time, while the others commit: idle workers would
                // otherwise each take a transaction or two as they become ready, and many tiny
                // commits cost the downstream (and this job) far more than a few large ones.
                synchronized (gathering) {
                    ConflictDetector.Node<UpstreamTransaction> first =
                            ready.poll(100, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        continue;
                    }
                    batch = takeBatch(first);
                }
                List<UpstreamTransaction> transactions = new ArrayList<>(batch.size());
                for (ConflictDetector.Node<UpstreamTransaction> node : batch) {
                    transactions.add(node.value());
                }
                long applyStart = System.nanoTime();
                applier.apply(transactions);
                long applyNanos = System.nanoTime() - applyStart;
                for (ConflictDetector.Node<UpstreamTransaction> node : batch) {
                    detector.finish(node);
                }
                listener.committed(transactions, applyNanos);
                release(transactions);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            failure.compareAndSet(null, t);
        }
        synchronized (inFlightLock) {
            inFlightLock.notifyAll();
        }
    }

    private List<ConflictDetector.Node<UpstreamTransaction>> takeBatch(
            ConflictDetector.Node<UpstreamTransaction> first) {
        List<ConflictDetector.Node<UpstreamTransaction>> batch = new ArrayList<>();
        Object token = batch;
        detector.taken(first, token);
        batch.add(first);
        if (first.value().isSpilled()) {
            return batch;
        }
        // Transactions that wait only for this batch's: they join it after those, in order.
        ArrayDeque<ConflictDetector.Node<UpstreamTransaction>> joinable =
                new ArrayDeque<>(detector.joinable(first, token));
        long rows = Math.max(1, first.value().eventCount());
        long bytes = first.value().bytes();
        long deadline = System.nanoTime() + MAX_GATHER_NANOS;
        while (rows < batchRows && bytes < batchBytes && System.nanoTime() < deadline) {
            ConflictDetector.Node<UpstreamTransaction> next = joinable.pollFirst();
            boolean joining = next != null;
            if (!joining) {
                // Linger a moment for more: transactions become ready one by one as their
                // records are read, and a commit of one small transaction costs as much as one
                // of hundreds.
                try {
                    next = ready.pollFirst(LINGER_MICROS, TimeUnit.MICROSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                if (next == null) {
                    break;
                }
            }
            UpstreamTransaction tx = next.value();
            // An empty transaction counts as a row: the commit's progress record lists its id.
            long txRows = Math.max(1, tx.eventCount());
            if (tx.isSpilled() || rows + txRows > batchRows) {
                if (!joining) {
                    ready.offerFirst(next);
                } // a node that did not join still waits, and is released when its turn comes
                break;
            }
            if (joining) {
                if (!detector.join(next, token)) {
                    continue;
                }
            } else {
                detector.taken(next, token);
            }
            batch.add(next);
            joinable.addAll(detector.joinable(next, token));
            rows += txRows;
            bytes += tx.bytes();
        }
        return batch;
    }

    /** What a transaction holds in memory, in changes: a spilled one holds them on disk. */
    private static long rows(UpstreamTransaction tx) {
        return tx.isSpilled() ? 1 : Math.max(1, tx.eventCount());
    }

    private void release(List<UpstreamTransaction> transactions) {
        synchronized (inFlightLock) {
            for (UpstreamTransaction tx : transactions) {
                inFlight--;
                inFlightRows -= rows(tx);
                inFlightBytes -= tx.memoryBytes();
                if (tx.isSnapshotRow()) {
                    snapshotRowsInFlight--;
                }
            }
            inFlightLock.notifyAll();
        }
        for (UpstreamTransaction tx : transactions) {
            tx.release();
        }
    }

    @Override
    public void close() {
        closed = true;
        for (Thread worker : workers) {
            worker.interrupt();
        }
        for (Thread worker : workers) {
            try {
                worker.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
