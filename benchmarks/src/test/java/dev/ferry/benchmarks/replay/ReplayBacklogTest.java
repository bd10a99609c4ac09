package dev.ferry.benchmarks.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ReplayBacklogTest {
    @Test
    void theTopicsAreTheDatabasesOrItsTablesOfThatCaptureOnly() {
        Pattern topics = Pattern.compile(ReplayBacklog.topics("apply-replay17.5", "bench_replay"));
        assertThat(topics.matcher("apply-replay17.5.bench_replay").matches()).isTrue();
        assertThat(topics.matcher("apply-replay17.5.bench_replay.sbtest1").matches()).isTrue();
        assertThat(topics.matcher("apply-replay17.5.bench_replayx").matches()).isFalse();
        assertThat(topics.matcher("apply-replay17.5-schema").matches()).isFalse();
        assertThat(topics.matcher("apply-replay17x5.bench_replay").matches()).isFalse();
        assertThat(topics.matcher("xapply-replay17.5.bench_replay").matches()).isFalse();
    }
}
