package dev.ferry.apply.source;

import java.util.ArrayDeque;
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
 * <p>Not thread-safe: one thread adds and takes. A failure of the function is thrown, unwrapped,
 * when its result's turn comes.
 */
public final class ParseAhead<I, O> implements AutoCloseable {
    private final ArrayDeque<CompletableFuture<O>> pending = new ArrayDeque<>();
    private final ExecutorService threads;
    private final Function<I, O> function;
    private final int window;

    /**
     * @param threads threads running the function
     * @param window inputs that may be pending before {@link #mustTake} says to wait
     * @param function what runs ahead; called concurrently
     * @param name the threads' name
     */
    public ParseAhead(int threads, int window, Function<I, O> function, String name) {
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
    }

    public void add(I input) {
        pending.addLast(CompletableFuture.supplyAsync(() -> function.apply(input), threads));
    }

    /** Inputs added whose results were not taken yet. */
    public int pending() {
        return pending.size();
    }

    /** True when the window is full: the caller should {@link #take} before adding more. */
    public boolean mustTake() {
        return pending.size() >= window;
    }

    /** The next result when it is ready, else null (also when nothing is pending). */
    public O poll() throws Exception {
        CompletableFuture<O> head = pending.peekFirst();
        return head != null && head.isDone() ? take() : null;
    }

    /** The next result, waiting for it; null when nothing is pending. */
    public O take() throws Exception {
        CompletableFuture<O> head = pending.pollFirst();
        if (head == null) {
            return null;
        }
        try {
            return head.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
        pending.clear();
    }
}
