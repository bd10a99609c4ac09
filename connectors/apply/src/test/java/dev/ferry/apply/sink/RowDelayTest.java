package dev.ferry.apply.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A row-mode writer's delay as docs/operations.md defines it, on a clock the test moves. */
class RowDelayTest {
    private final AtomicLong now = new AtomicLong(1_000_000);

    @Test
    void withoutHeartbeatsNothingBufferedIsUnknownNotZero() {
        RowDelay delay = new RowDelay(false, now::get);
        assertThat(delay.delayMs()).isEqualTo(-1);

        delay.buffered(997_000);
        delay.buffered(998_000);
        assertThat(delay.delayMs()).as("the oldest buffered change counts").isEqualTo(3_000);
        now.addAndGet(500);
        assertThat(delay.delayMs()).isEqualTo(3_500);
        delay.flushed();
        assertThat(delay.delayMs()).isEqualTo(-1);
    }

    @Test
    void withHeartbeatsAnIdleWriterCountsFromTheNewestHeartbeatItSaw() {
        RowDelay delay = new RowDelay(true, now::get);
        now.addAndGet(2_500);
        assertThat(delay.delayMs())
                .as("from the start before the first heartbeat")
                .isEqualTo(2_500);

        delay.heartbeat(1_002_000);
        now.set(1_002_300);
        assertThat(delay.delayMs()).isEqualTo(300);
        now.set(1_010_000);
        assertThat(delay.delayMs()).as("grows while no heartbeat comes").isEqualTo(8_000);
        delay.heartbeat(1_001_000);
        assertThat(delay.delayMs()).as("an older heartbeat does not move it back").isEqualTo(8_000);
    }

    @Test
    void aBufferedChangeCountsUntilItsFlushRaisedToTheHeartbeatBeforeIt() {
        RowDelay delay = new RowDelay(true, now::get);
        delay.heartbeat(1_000_400);
        // Committed upstream in second 1_000_000 (binlog resolution), after the heartbeat.
        delay.buffered(1_000_000);
        delay.heartbeat(1_001_400);
        delay.heartbeat(1_002_400);
        now.set(1_003_000);
        assertThat(delay.delayMs())
                .as("the buffered change, not the newer heartbeats")
                .isEqualTo(2_600);
        delay.flushed();
        assertThat(delay.delayMs()).isEqualTo(600);
    }

    @Test
    void aHeartbeatRowItWritesCountsUntilFlushed() {
        RowDelay delay = new RowDelay(true, now::get);
        delay.buffered(1_000_000);
        delay.heartbeat(1_000_000);
        now.addAndGet(700);
        assertThat(delay.delayMs()).isEqualTo(700);
        delay.flushed();
        assertThat(delay.delayMs()).isEqualTo(700);
    }
}
