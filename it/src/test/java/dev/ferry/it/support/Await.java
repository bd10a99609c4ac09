package dev.ferry.it.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Polls until a condition holds, failing with the last observed state when it never does. */
public final class Await {
    private Await() {}

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        until(what, timeout, condition, () -> "");
    }

    public static void until(
            String what, Duration timeout, BooleanSupplier condition, Supplier<String> state) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "timed out after "
                                + timeout.toSeconds()
                                + " s waiting for "
                                + what
                                + "\n"
                                + state.get());
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }
}
