package dev.ferry.apply.source;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Runs a function over inputs on a few threads, ahead of the one thread that consumes the results,
 * and hands the results back in input order. The transactional apply reads every record on one
 * thread (its assembly must see them in order), and parsing the JSON envelopes was half of that
 * thread's work: this moves it to the other cores.
 *
 * <p>Inputs go to the threads in groups: a task per input cost the reading thread a future, a queue
 * node and often a thread wake-up for every record. A group leaves when it is full, when {@link
 * #take} has nothing else to wait for, or on {@link #flush}.
 *
 * <p>Not thread-safe: one thread adds and takes. A failure of the function is thrown, unwrapped,
 * when its result's turn comes; the rest of its group is not run.
 */
public final class ParseAhead<I, O> implements AutoCloseable {
    private final ArrayDeque<CompletableFuture<Object[]>> submitted = new ArrayDeque<>();
    private final ExecutorService threads;
    private final Function<I, O> function;
    private final int window;
    private final int groupSize;
    private List<I> open;
    private Object[] head;
    private int headIndex;
    private int pending;

    /**
     * @param threads threads running the function
     * @param window inputs that may be pending before {@link #mustTake} says to wait
     * @param groupSize inputs sent to a thread together
     * @param function what runs ahead; called concurrently
     * @param name the threads' name
     */
    public ParseAhead(
            int threads, int window, int groupSize, Function<I, O> function, String name) {
        this.threads =
                Executors.newFixedThreadPool(
                        threads,
                        task -> {
                            Thread thread = new Thread(task, name);
                            thread.setDaemon(true);
                            return thread;
                        });
        this.function = function;
        this.window = window;
        this.groupSize = groupSize;
        this.open = new ArrayList<>(groupSize);
    }

    public void add(I input) {
        open.add(input);
        pending++;
        if (open.size() >= groupSize) {
            flush();
        }
    }

    /** Sends the inputs added since the last group left to the threads. */
    public void flush() {
        if (open.isEmpty()) {
            return;
        }
        List<I> group = open;
        open = new ArrayList<>(groupSize);
        submitted.addLast(CompletableFuture.supplyAsync(() -> run(group), threads));
    }

    private Object[] run(List<I> group) {
        Object[] results = new Object[group.size()];
        for (int i = 0; i < results.length; i++) {
            try {
                results[i] = function.apply(group.get(i));
            } catch (RuntimeException e) {
                results[i] = new Failure(e);
                return results;
            }
        }
        return results;
    }

    private record Failure(RuntimeException exception) {}

    /** Inputs added whose results were not taken yet. */
    public int pending() {
        return pending;
    }

    /** True when the window is full: the caller should {@link #take} before adding more. */
    public boolean mustTake() {
        return pending >= window;
    }

    /**
     * The next result when it is ready, else null (also when nothing is pending, or only inputs of
     * a group not sent yet).
     */
    public O poll() throws Exception {
        if (head == null) {
            CompletableFuture<Object[]> next = submitted.peekFirst();
            if (next == null || !next.isDone()) {
                return null;
            }
            head = results(submitted.pollFirst());
        }
        return next();
    }

    /** The next result, waiting for it; null when nothing is pending. */
    public O take() throws Exception {
        if (head == null) {
            if (submitted.isEmpty()) {
                flush();
            }
            CompletableFuture<Object[]> next = submitted.pollFirst();
            if (next == null) {
                return null;
            }
            head = results(next);
        }
        return next();
    }

    private static Object[] results(CompletableFuture<Object[]> group) throws Exception {
        try {
            return group.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    private O next() {
        Object result = head[headIndex];
        head[headIndex++] = null;
        if (headIndex == head.length) {
            head = null;
            headIndex = 0;
        }
        pending--;
        if (result instanceof Failure failure) {
            throw failure.exception();
        }
        return (O) result;
    }

    @Override
    public void close() {
        threads.shutdownNow();
        submitted.clear();
        open.clear();
        head = null;
    }
}
