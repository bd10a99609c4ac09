package dev.ferry.apply.conflict;

import java.util.ArrayList;
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
 * <p>A transaction waiting only for transactions of one batch being gathered may also join that
 * batch, after them (as TiCDC hands a transaction to the worker holding the one it depends on): the
 * batch commits its transactions in order in one downstream transaction, so the order of
 * conflicting changes holds, and a hot row no longer costs a downstream commit per transaction. A
 * transaction touching a table with a unique key besides the primary key does not join: the batch
 * folds rows to their net change, and a unique value moving between rows over several transactions
 * could then be written in an order the downstream's unique index refuses.
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
        private final boolean canJoin;
        private final List<Node<T>> dependents = new ArrayList<>(1);
        private List<Node<T>> dependencies = List.of();
        private int waitingFor;
        private boolean finished;

        /** Handed to the ready consumer. */
        private boolean released;

        /** The batch that took it, once taken. */
        private Object batch;

        Node(T value, long[] keys, boolean barrier, boolean canJoin) {
            this.value = value;
            this.keys = keys;
            this.barrier = barrier;
            this.canJoin = canJoin && !barrier;
        }

        public T value() {
            return value;
        }
    }

    /**
     * Adds a transaction touching {@code keys}; it goes to the ready consumer now or when the last
     * transaction it waits for finishes.
     *
     * @return true when it had to wait
     */
    public synchronized boolean add(T value, ConflictKeys.KeySet keys, boolean barrier) {
        long[] own = new long[barrier ? 0 : keys.size()];
        for (int i = 0; i < own.length; i++) {
            own[i] = keys.get(i);
        }
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
        if (dependencies.isEmpty()) {
            node.released = true;
            ready.accept(node);
        }
        return !dependencies.isEmpty();
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

    /** Notes that a ready node was taken into {@code batch}, the batch being gathered. */
    public synchronized void taken(Node<T> node, Object batch) {
        node.batch = batch;
    }

    /**
     * The nodes that wait for {@code node} and, now that it is in {@code batch}, for nothing
     * outside that batch: candidates to {@link #join} it, after {@code node}.
     */
    public synchronized List<Node<T>> joinable(Node<T> node, Object batch) {
        List<Node<T>> joinable = new ArrayList<>(0);
        for (Node<T> dependent : node.dependents) {
            if (mayJoin(dependent, batch)) {
                joinable.add(dependent);
            }
        }
        return joinable;
    }

    /**
     * Takes a node that waits only for nodes of {@code batch} into that batch; false when it may
     * not (a barrier, a transaction touching unique keys) or no longer (released or taken
     * meanwhile). The batch must apply it after them, and finish it after them.
     */
    public synchronized boolean join(Node<T> node, Object batch) {
        if (!mayJoin(node, batch)) {
            return false;
        }
        node.batch = batch;
        return true;
    }

    private boolean mayJoin(Node<T> node, Object batch) {
        if (!node.canJoin || node.released || node.batch != null || node.finished) {
            return false;
        }
        for (Node<T> dependency : node.dependencies) {
            if (!dependency.finished && (dependency.barrier || dependency.batch != batch)) {
                return false;
            }
        }
        return true;
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
            if (--dependent.waitingFor == 0 && dependent.batch == null) {
                dependent.released = true;
                ready.accept(dependent);
            }
        }
        node.dependents.clear();
        node.dependencies = List.of();
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
