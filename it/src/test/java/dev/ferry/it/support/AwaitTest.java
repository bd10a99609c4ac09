package dev.ferry.it.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Await keeps its contract on Awaitility: the tests' waits read as before. */
class AwaitTest {
    @Test
    void returnsOnceTheConditionHolds() {
        AtomicInteger polls = new AtomicInteger();

        Await.until("the third poll", Duration.ofSeconds(10), () -> polls.incrementAndGet() == 3);

        assertThat(polls).hasValue(3);
    }

    @Test
    void timesOutWithWhatItWaitedForAndTheLastState() {
        assertThatThrownBy(
                        () ->
                                Await.until(
                                        "something that never happens",
                                        Duration.ofMillis(700),
                                        () -> false,
                                        () -> "the last state"))
                .isInstanceOf(AssertionError.class)
                .hasMessage(
                        "timed out after 0 s waiting for something that never happens\nthe last state");
    }

    @Test
    void aFailingCheckInTheConditionFailsAtOnce() {
        long start = System.nanoTime();
        assertThatThrownBy(
                        () ->
                                Await.until(
                                        "a job that died",
                                        Duration.ofMinutes(1),
                                        () -> {
                                            throw new AssertionError("the job failed");
                                        }))
                .isInstanceOf(AssertionError.class)
                .hasMessage("the job failed");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
    }
}
