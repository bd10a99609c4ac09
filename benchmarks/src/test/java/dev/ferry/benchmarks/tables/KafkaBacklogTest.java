package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class KafkaBacklogTest {
    private final Pattern topics =
            Pattern.compile(KafkaBacklog.topics("tables1764-4", "bench_tables"));

    @Test
    void matchesTheChangeTopicsOfEitherLayout() {
        assertThat(topics.matcher("tables1764-4.bench_tables").matches()).isTrue();
        assertThat(topics.matcher("tables1764-4.bench_tables.sbtest12").matches()).isTrue();
    }

    @Test
    void leavesOutTheSchemaAndTransactionTopicsAndOtherCounts() {
        assertThat(topics.matcher("tables1764-4-schema").matches()).isFalse();
        assertThat(topics.matcher("tables1764-4-tx").matches()).isFalse();
        assertThat(topics.matcher("tables1764-40.bench_tables").matches()).isFalse();
        assertThat(topics.matcher("tables1764-4.bench_tablesX").matches()).isFalse();
    }
}
