package dev.ferry.benchmarks.drain;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class KafkaBacklogTest {
    @Test
    void theChangeTopicsAreTheCapturesTopicPerDatabaseAndPerTable() {
        Pattern topics = Pattern.compile(KafkaBacklog.topics("apply-drain17-3", "bench_drain"));
        assertThat(topics.matcher("apply-drain17-3.bench_drain").matches()).isTrue();
        assertThat(topics.matcher("apply-drain17-3.bench_drain.sbtest1").matches()).isTrue();
        assertThat(topics.matcher("apply-drain17-3-schema").matches()).isFalse();
        assertThat(topics.matcher("apply-drain17-3-tx").matches()).isFalse();
        assertThat(topics.matcher("apply-drain17-3.bench_drainX").matches()).isFalse();
        assertThat(topics.matcher("apply-drain17-33.bench_drain").matches()).isFalse();
        assertThat(topics.matcher("apply-drain17x3.bench_drain").matches()).isFalse();
    }

    @Test
    void waitsUntilTwoReadsInARowAgree() throws Exception {
        Iterator<Long> reads = List.of(10L, 12L, 15L, 15L, 99L).iterator();
        assertThat(KafkaBacklog.untilStill(reads::next, Duration.ofMillis(1))).isEqualTo(15L);
        assertThat(reads.next()).isEqualTo(99L);
    }
}
