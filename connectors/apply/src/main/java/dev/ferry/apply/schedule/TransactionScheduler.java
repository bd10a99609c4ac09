package dev.ferry.apply.schedule;

import dev.ferry.apply.assembly.UpstreamTransaction;
import dev.ferry.apply.conflict.ConflictDetector;
import dev.ferry.apply.conflict.ConflictKeys;
import dev.ferry.apply.conflict.DistinctKeys;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Runs complete transactions on a pool of workers, each with its own downstream connection. The
 * conflict detector holds back a transaction until the earlier ones sharing a key value are
 * committed, or at least taken into a batch. One worker at a time gathers the transactions handed
 * out into a batch, up to the batch limits, and commits them together in one downstream transaction
 * while the next worker gathers. A batch holding a transaction chained to transactions of batches
 * still committing (see {@link ConflictDetector}) commits after those batches, and goes on
 * gathering until they have: so a hot row's changes fold over everything that arrives while the
 * batch before is committing, instead of costing a commit each. A batch waiting for none stops
 * gathering when no transaction came for a millisecond or 20 ms passed. A spilled transaction is
 * always committed alone, and so is a DDL statement.
 *
 * <p>A batch's size is counted in the rows it writes after folding: the distinct key values of its
 * transactions (an empty transaction counts as one: the commit's progress record lists its id).
 *
 * <p>{@link #submit} blocks while the transactions in flight hold more than their memory budget, or
 * touch more distinct key values than two batches write: back-pressure on the Kafka source instead
 * of an unbounded heap.
 */
public final class TransactionScheduler implements AutoCloseable {
    /** A batch stops growing when no transaction came for this long... */
    private static final long LINGER_MICROS = 1_000;

    /**
     * ...or when it has been growing this long (the latency a batch may add), unless it must wait
     * for an earlier batch anyway.
     */
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
    private long keylessRowsInFlight;
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
     * Most rows in flight, counted as distinct key values (plus the changes of transactions tracked
     * without keys): two batches, one committing while the next gathers, whatever the workers. More
     * gives the workers nothing to do sooner; it only keeps more parsed changes alive through young
     * collections. The former bound of two batches per worker cost 44 µs of apply CPU per change at
     * 16 workers draining oltp_insert from Kafka, this one 28-40 µs (2 runs each,
     * benchmarks/drain.sh). With one batch in all, a single worker would find nothing gathered
     * after each commit. Counted in changes, the bound kept a batch from holding more than two
     * batches' changes, however few rows they fold to: a hot row's changes then folded only within
     * 500-1,000 changes, and oltp_write_only wrote twice the rows that row mode writes.
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
        // The detector tracks the same: no keys for a barrier.
        boolean keyless = barrier || tx.isSpilled() || keys.size() == 0;
        synchronized (inFlightLock) {
            while (inFlight > 0
                    && (inFlightBytes + tx.memoryBytes() > maxInFlightBytes
                            || detector.keysInFlight() + keylessRowsInFlight >= maxInFlightRows)) {
                rethrowFailure();
                inFlightLock.wait(100);
            }
            rethrowFailure();
            inFlight++;
            if (keyless) {
                keylessRowsInFlight += rows(tx);
            }
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

    /** Transactions gathered to commit together, and the earlier batches they must follow. */
    private static final class Batch {
        final List<ConflictDetector.Node<UpstreamTransaction>> nodes = new ArrayList<>();
        final Set<Batch> before = new HashSet<>(2);
        final DistinctKeys keys = new DistinctKeys();
        private boolean done;
        private Throwable failure;

        /**
         * @param failure why it was not committed; null when it was
         */
        synchronized void markDone(Throwable failure) {
            this.done = true;
            this.failure = failure;
            notifyAll();
        }

        /** Waits up to {@code micros} for the batch to commit (or fail). */
        synchronized void awaitDone(long micros) throws InterruptedException {
            if (!done) {
                TimeUnit.MICROSECONDS.timedWait(this, micros);
            }
        }

        /**
         * Whether an earlier batch this one follows is still committing.
         *
         * @throws IllegalStateException when one ended without committing: this one must not commit
         *     after it
         */
        boolean waitsForEarlier() {
            for (Iterator<Batch> i = before.iterator(); i.hasNext(); ) {
                Batch earlier = i.next();
                synchronized (earlier) {
                    if (earlier.done && earlier.failure != null) {
                        throw new IllegalStateException(
                                "an earlier batch of conflicting transactions was not committed",
                                earlier.failure);
                    }
                    if (earlier.done) {
                        i.remove();
                    }
                }
            }
            return !before.isEmpty();
        }

        List<UpstreamTransaction> transactions() {
            List<UpstreamTransaction> transactions = new ArrayList<>(nodes.size());
            for (ConflictDetector.Node<UpstreamTransaction> node : nodes) {
                transactions.add(node.value());
            }
            return transactions;
        }
    }

    private void work(Supplier<Applier> appliers) {
        try (Applier applier = appliers.get()) {
            while (!closed && failure.get() == null) {
                Batch batch;
                // One worker gathers at a time, while the others commit: idle workers would
                // otherwise each take a transaction or two as they become ready, and many tiny
                // commits cost the downstream (and this job) far more than a few large ones.
                synchronized (gathering) {
                    ConflictDetector.Node<UpstreamTransaction> first =
                            ready.poll(100, TimeUnit.MILLISECONDS);
                    if (first == null) {
                        continue;
                    }
                    batch = gather(first);
                }
                Throwable cause = null;
                try {
                    commit(applier, batch);
                } catch (Throwable t) {
                    // Recorded before a batch that follows this one learns it failed: the job
                    // must report this cause, not that batch's refusal to commit after it.
                    if (!(t instanceof InterruptedException)) {
                        failure.compareAndSet(null, t);
                    }
                    cause = t;
                    throw t;
                } finally {
                    batch.markDone(cause);
                }
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

    private void commit(Applier applier, Batch batch) throws Exception {
        while (batch.waitsForEarlier()) {
            rethrowFailure();
            if (closed) {
                throw new InterruptedException("closed while a batch waited for an earlier one");
            }
            for (Batch earlier : batch.before) {
                earlier.awaitDone(100_000);
            }
        }
        List<UpstreamTransaction> transactions = batch.transactions();
        long applyStart = System.nanoTime();
        applier.apply(transactions);
        long applyNanos = System.nanoTime() - applyStart;
        for (ConflictDetector.Node<UpstreamTransaction> node : batch.nodes) {
            detector.finish(node);
        }
        listener.committed(transactions, applyNanos);
        release(batch.nodes);
    }

    private Batch gather(ConflictDetector.Node<UpstreamTransaction> first) {
        Batch batch = new Batch();
        // Transactions chained to one taken: next in line, so a hot row's changes stay together.
        ArrayDeque<ConflictDetector.Node<UpstreamTransaction>> chained = new ArrayDeque<>();
        if (first.value().isSpilled() || first.value().schemaChange() != null) {
            take(batch, first, chained);
            handBack(chained, null);
            return batch;
        }
        long rows = newRows(batch, first);
        take(batch, first, chained);
        long bytes = first.value().bytes();
        long deadline = System.nanoTime() + MAX_GATHER_NANOS;
        ConflictDetector.Node<UpstreamTransaction> next = null;
        while (rows < batchRows && bytes < batchBytes) {
            next = chained.pollFirst();
            if (next == null) {
                // A batch that must wait for an earlier one anyway gathers until it may commit.
                boolean waiting = batch.waitsForEarlier();
                if (!waiting && System.nanoTime() >= deadline) {
                    break;
                }
                try {
                    // Linger a moment for more: transactions come one by one as their records
                    // are read, and a commit of one small transaction costs as much as one of
                    // hundreds.
                    next = ready.pollFirst(LINGER_MICROS, TimeUnit.MICROSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                if (next == null) {
                    if (waiting && !closed && failure.get() == null) {
                        continue;
                    }
                    break;
                }
            }
            long txRows = newRows(batch, next);
            if (next.value().isSpilled()
                    || next.value().schemaChange() != null
                    || rows + txRows > batchRows) {
                break; // the next batch takes it, after this one if chained
            }
            take(batch, next, chained);
            bytes += next.value().bytes();
            rows += txRows;
            next = null;
        }
        handBack(chained, next);
        return batch;
    }

    /** Puts back what a full batch did not take, first in line for the next batch. */
    private void handBack(
            ArrayDeque<ConflictDetector.Node<UpstreamTransaction>> chained,
            ConflictDetector.Node<UpstreamTransaction> next) {
        for (Iterator<ConflictDetector.Node<UpstreamTransaction>> i = chained.descendingIterator();
                i.hasNext(); ) {
            ready.offerFirst(i.next());
        }
        if (next != null) {
            ready.offerFirst(next);
        }
    }

    private void take(
            Batch batch,
            ConflictDetector.Node<UpstreamTransaction> node,
            ArrayDeque<ConflictDetector.Node<UpstreamTransaction>> chained) {
        batch.before.addAll(detector.taken(node, batch, chained::addLast));
        batch.nodes.add(node);
        batch.keys.add(node.keys());
    }

    /**
     * The rows a transaction adds to the batch after folding: its key values not in the batch yet,
     * or its changes (at least one) when it is tracked without keys.
     */
    private static long newRows(Batch batch, ConflictDetector.Node<UpstreamTransaction> node) {
        long[] keys = node.keys();
        return keys.length == 0 ? rows(node.value()) : batch.keys.countNew(keys);
    }

    /** What a transaction holds in memory, in changes: a spilled one holds them on disk. */
    private static long rows(UpstreamTransaction tx) {
        return tx.isSpilled() ? 1 : Math.max(1, tx.eventCount());
    }

    private void release(List<ConflictDetector.Node<UpstreamTransaction>> nodes) {
        synchronized (inFlightLock) {
            for (ConflictDetector.Node<UpstreamTransaction> node : nodes) {
                UpstreamTransaction tx = node.value();
                inFlight--;
                if (node.keys().length == 0) {
                    keylessRowsInFlight -= rows(tx);
                }
                inFlightBytes -= tx.memoryBytes();
                if (tx.isSnapshotRow()) {
                    snapshotRowsInFlight--;
                }
            }
            inFlightLock.notifyAll();
        }
        for (ConflictDetector.Node<UpstreamTransaction> node : nodes) {
            node.value().release();
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
