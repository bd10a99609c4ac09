package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BinlogCounterTest {
    @Test
    void sumsEventsBytesRowsAndCommitsAndKeepsFirstAndLastArrival() {
        BinlogCounter counter = new BinlogCounter();
        counter.add(40, false, 0, false, 1_000); // GTID
        counter.add(8_000, true, 40, false, 1_003);
        counter.add(31, false, 0, true, 1_010); // XID
        assertThat(counter.events()).isEqualTo(3);
        assertThat(counter.bytes()).isEqualTo(8_071);
        assertThat(counter.rowEvents()).isEqualTo(1);
        assertThat(counter.rowChanges()).isEqualTo(40);
        assertThat(counter.commits()).isEqualTo(1);
        assertThat(counter.firstEventMs()).isEqualTo(1_000);
        assertThat(counter.lastEventMs()).isEqualTo(1_010);
    }
}
