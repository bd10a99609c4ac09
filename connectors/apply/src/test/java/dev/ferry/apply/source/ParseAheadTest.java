package dev.ferry.apply.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class ParseAheadTest {

    @Test
    void resultsComeBackInInputOrderThoughTheyFinishOutOfOrder() throws Exception {
        Random random = new Random(7);
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            delays.add((long) random.nextInt(200_000));
        }
        List<Integer> taken = new ArrayList<>();
        try (ParseAhead<Integer, Integer> ahead =
                new ParseAhead<>(
                        4,
                        64,
                        8,
                        i -> {
                            LockSupport.parkNanos(delays.get(i));
                            return i;
                        },
                        "test-parse")) {
            for (int i = 0; i < 500; i++) {
                ahead.add(i);
                while (ahead.mustTake()) {
                    taken.add(ahead.take());
                }
                for (Integer ready = ahead.poll(); ready != null; ready = ahead.poll()) {
                    taken.add(ready);
                }
            }
            for (Integer rest = ahead.take(); rest != null; rest = ahead.take()) {
                taken.add(rest);
            }
            assertThat(ahead.pending()).isZero();
        }
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            expected.add(i);
        }
        assertThat(taken).isEqualTo(expected);
    }

    @Test
    void aFailureIsThrownUnwrappedInItsTurn() throws Exception {
        try (ParseAhead<Integer, Integer> ahead =
                new ParseAhead<>(
                        2,
                        8,
                        4,
                        i -> {
                            if (i == 1) {
                                throw new IllegalArgumentException("record 1 is poison");
                            }
                            return i;
                        },
                        "test-parse")) {
            ahead.add(0);
            ahead.add(1);
            ahead.add(2);
            assertThat(ahead.take()).isZero();
            assertThatThrownBy(ahead::take)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("record 1 is poison");
        }
    }

    @Test
    void pollDoesNotWaitAndSaysNothingIsReadyWhenEmpty() throws Exception {
        try (ParseAhead<Integer, Integer> ahead = new ParseAhead<>(1, 8, 4, i -> i, "test-parse")) {
            assertThat(ahead.poll()).isNull();
            assertThat(ahead.take()).isNull();
        }
    }

    @Test
    void aGroupLeavesWhenFullOrFlushedAndTakeNeverWaitsForAGroupNotSent() throws Exception {
        try (ParseAhead<Integer, Integer> ahead =
                new ParseAhead<>(1, 64, 4, i -> i, "test-parse")) {
            ahead.add(0);
            ahead.add(1);
            Thread.sleep(50);
            assertThat(ahead.poll()).as("a group of 2 of 4 is not sent").isNull();
            ahead.flush();
            assertThat(ahead.take()).isZero();
            assertThat(ahead.take()).isEqualTo(1);
            for (int i = 2; i < 6; i++) {
                ahead.add(i);
            }
            Thread.sleep(50);
            assertThat(ahead.poll()).as("a full group is sent").isEqualTo(2);
            ahead.add(6);
            assertThat(ahead.take()).isEqualTo(3);
            assertThat(ahead.take()).isEqualTo(4);
            assertThat(ahead.take()).isEqualTo(5);
            assertThat(ahead.take()).as("take sends the open group").isEqualTo(6);
            assertThat(ahead.pending()).isZero();
            assertThat(ahead.take()).isNull();
        }
    }
}
