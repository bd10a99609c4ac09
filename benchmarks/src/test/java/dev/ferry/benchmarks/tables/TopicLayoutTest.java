package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TopicLayoutTest {
    @Test
    void theDatabaseLayoutIsTheCapturesDefaultAndTheTableLayoutSetsThePattern() {
        assertThat(TopicLayout.of("database").captureOptions("t-4")).isEmpty();
        assertThat(TopicLayout.of("table").captureOptions("t-4"))
                .containsExactly("--kafka.topic-pattern", "t-4.{database}.{table}");
    }
}
