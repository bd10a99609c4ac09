package dev.ferry.apply.conflict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Decides which transactions may run concurrently: a transaction waits for every earlier,
 * unfinished transaction that touched one of its key values (as DM's causality and TiCDC's conflict
 * detector do), and runs as soon as those finish. A barrier (a transaction too large to track key
 * by key) waits for everything before it, and everything after waits for it.
 *
 * <p>A transaction is also handed out early, as <em>chained</em>, once every transaction it waits
 * for has been taken into a batch: the batch that takes it must commit after those batches (see
 * {@link #taken}), and within one batch after them. Batches commit their transactions in order in
 * one downstream transaction each, so the order of conflicting changes holds, a hot row costs no
 * downstream commit per transaction, and the batch folds the hot row's changes over all the
 * transactions that arrive while the one before is committing. A transaction touching a table with
 * a unique key besides the primary key is not chained: the batch folds rows to their net change,
 * and a unique value moving between rows over several transactions could then be written in an
 * order the downstream's unique index refuses. A barrier and its dependents are not chained.
 *
 * <p>Transactions must be added in upstream commit order. Thread-safe: workers finish nodes while
 * the task thread adds them.
 *
 * @param <T> what a node carries
 */
public final class ConflictDetector<T> {
    private final Consumer<Node<T>> ready;
    private final LongKeyMap<Node<T>> lastToTouch = new LongKeyMap<>();
    private final Set<Node<T>> unfinished = new LinkedHashSet<>();
    private Node<T> lastBarrier;
    private long conflicts;

    /**
     * @param ready receives each node once it waits for nothing, under the detector's lock (so it
     *     must only hand the node on, e.g. to a queue)
     */
    public ConflictDetector(Consumer<Node<T>> ready) {
        this.ready = ready;
    }

    /** A transaction in the detector. */
    public static final class Node<T> {
        private final T value;
        private final long[] keys;
        private final boolean barrier;
        private final boolean mayChain;
        private final List<Node<T>> dependents = new ArrayList<>(1);
        private List<Node<T>> dependencies = List.of();
        private int waitingFor;
        private boolean finished;

        /** Handed to the ready consumer. */
        private boolean released;

        /** The batch that took it, once taken. */
        private Object batch;

        Node(T value, long[] keys, boolean barrier, boolean mayChain) {
            this.value = value;
            this.keys = keys;
            this.barrier = barrier;
            this.mayChain = mayChain && !barrier;
        }

        public T value() {
            return value;
        }

        /**
         * The hashes of the key values it touches, each once (none for a barrier); do not modify.
         */
        public long[] keys() {
            return keys;
        }
    }

    /**
     * Adds a transaction touching {@code keys}; it goes to the ready consumer now or when the last
     * transaction it waits for finishes.
     *
     * @return true when it had to wait
     */
    public synchronized boolean add(T value, ConflictKeys.KeySet keys, boolean barrier) {
        long[] own = barrier ? new long[0] : distinct(keys);
        Node<T> node = new Node<>(value, own, barrier, !keys.touchesUniqueKeys());
        List<Node<T>> dependencies = List.of();
        if (barrier) {
            dependencies = new ArrayList<>(unfinished);
        } else {
            if (lastBarrier != null && !lastBarrier.finished) {
                dependencies = new ArrayList<>(4);
                dependencies.add(lastBarrier);
            }
            for (long key : own) {
                Node<T> previous = lastToTouch.get(key);
                if (previous != null
                        && !previous.finished
                        && !containsSame(dependencies, previous)) {
                    if (dependencies.isEmpty()) {
                        dependencies = new ArrayList<>(4);
                    }
                    dependencies.add(previous);
                }
            }
        }
        for (Node<T> dependency : dependencies) {
            dependency.dependents.add(node);
        }
        node.waitingFor = dependencies.size();
        if (!dependencies.isEmpty()) {
            node.dependencies = dependencies;
            conflicts++;
        }
        if (barrier) {
            lastBarrier = node;
        } else {
            for (long key : own) {
                lastToTouch.put(key, node);
            }
        }
        unfinished.add(node);
        if (dependencies.isEmpty() || chainable(node)) {
            release(node);
        }
        return !dependencies.isEmpty();
    }

    /** The key hashes, each once (a change's primary key is in it before and after). */
    private static long[] distinct(ConflictKeys.KeySet keys) {
        long[] sorted = new long[keys.size()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = keys.get(i);
        }
        Arrays.sort(sorted);
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (n == 0 || sorted[n - 1] != sorted[i]) {
                sorted[n++] = sorted[i];
            }
        }
        return n == sorted.length ? sorted : Arrays.copyOf(sorted, n);
    }

    /** By identity: a transaction's few dependencies, most often none or one. */
    private static <T> boolean containsSame(List<Node<T>> nodes, Node<T> node) {
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i) == node) {
                return true;
            }
        }
        return false;
    }

    /**
     * Notes that a node handed out was taken into {@code batch}, the batch being gathered.
     *
     * @param chained receives, in upstream order, its dependents that now wait for nothing but
     *     taken nodes: handed out (to the batch, to take next) instead of to the ready consumer
     * @return the other batches holding unfinished transactions it waits for: {@code batch} must
     *     commit after them
     */
    @SuppressWarnings("unchecked")
    public synchronized <B> List<B> taken(Node<T> node, B batch, Consumer<Node<T>> chained) {
        node.batch = batch;
        List<B> before = List.of();
        for (Node<T> dependency : node.dependencies) {
            if (!dependency.finished
                    && dependency.batch != batch
                    && !before.contains(dependency.batch)) {
                if (before.isEmpty()) {
                    before = new ArrayList<>(2);
                }
                before.add((B) dependency.batch);
            }
        }
        for (Node<T> dependent : node.dependents) {
            if (!dependent.released && chainable(dependent)) {
                dependent.released = true;
                chained.accept(dependent);
            }
        }
        return before;
    }

    /** Whether every transaction the node waits for and is not finished is taken. */
    private boolean chainable(Node<T> node) {
        if (!node.mayChain) {
            return false;
        }
        for (Node<T> dependency : node.dependencies) {
            if (!dependency.finished && (dependency.barrier || dependency.batch == null)) {
                return false;
            }
        }
        return true;
    }

    private void release(Node<T> node) {
        node.released = true;
        ready.accept(node);
    }

    /** Marks a node applied, handing on the nodes that now wait for nothing. */
    public synchronized void finish(Node<T> node) {
        node.finished = true;
        unfinished.remove(node);
        for (long key : node.keys) {
            lastToTouch.remove(key, node);
        }
        if (lastBarrier == node) {
            lastBarrier = null;
        }
        for (Node<T> dependent : node.dependents) {
            if (--dependent.waitingFor == 0 && !dependent.released) {
                release(dependent);
            }
        }
        node.dependents.clear();
        node.dependencies = List.of();
    }

    /** Distinct key values touched by unfinished transactions. */
    public synchronized int keysInFlight() {
        return lastToTouch.size();
    }

    /** Transactions added and not finished. */
    public synchronized int unfinished() {
        return unfinished.size();
    }

    /** Transactions that had to wait for another at the time they were added. */
    public synchronized long conflicts() {
        return conflicts;
    }
}
