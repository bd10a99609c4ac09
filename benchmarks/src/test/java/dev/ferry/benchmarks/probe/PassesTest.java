package dev.ferry.benchmarks.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class PassesTest {
    @Test
    void dropsTheWarmUpPassAndKeepsTheMedianOfTheRest() {
        Iterator<Long> durations = List.of(900L, 30L, 10L, 20L).iterator();
        assertThat(Passes.median(4, durations::next, Long::longValue)).isEqualTo(20L);
    }

    @Test
    void anEvenCountKeepsTheLowerMiddle() {
        assertThat(Passes.middle(List.of(40L, 10L, 30L, 20L), Long::longValue)).isEqualTo(20L);
    }

    @Test
    void oneOrNoPassCountIsASinglePass() {
        Iterator<Long> durations = List.of(7L).iterator();
        assertThat(Passes.median(1, durations::next, Long::longValue)).isEqualTo(7L);
    }
}
