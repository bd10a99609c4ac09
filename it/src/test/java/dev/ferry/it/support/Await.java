package dev.ferry.it.support;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Polls until a condition holds, failing with the last observed state when it never does. Kept as
 * the tests' one entry point to Awaitility, which does the polling: every half second, in the
 * test's own thread (conditions collect into plain lists), an exception or assertion error thrown
 * by the condition failing the wait at once.
 */
public final class Await {
    private static final Duration POLL = Duration.ofMillis(500);

    private Await() {}

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        until(what, timeout, condition, () -> "");
    }

    public static void until(
            String what, Duration timeout, BooleanSupplier condition, Supplier<String> state) {
        try {
            Awaitility.await(what)
                    .atMost(timeout)
                    .pollDelay(Duration.ZERO)
                    .pollInterval(POLL)
                    .pollInSameThread()
                    .until(condition::getAsBoolean);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(
                    "timed out after "
                            + timeout.toSeconds()
                            + " s waiting for "
                            + what
                            + "\n"
                            + state.get(),
                    e);
        }
    }
}
