package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class WorkloadTest {
    private final FunnelSettings settings = new FunnelSettings(30_000, 20_000, 16, 4);

    @Test
    void bulkIsThreeChangesPerRowInStatementsOfAThousand() {
        assertThat(Workload.BULK.changes(settings)).isEqualTo(90_000);
        assertThat(Workload.BULK.transactions(settings)).isEqualTo(90);
        assertThat(Workload.SINGLE.changes(settings)).isEqualTo(20_000);
        assertThat(Workload.SINGLE.transactions(settings)).isEqualTo(20_000);
    }

    @Test
    void theTopicRegexMatchesOnlyTheWorkloadsTable() {
        Pattern bulk = Pattern.compile(Workload.BULK.topicRegex("funnel17.5", "bench_funnel"));
        assertThat(bulk.matcher("funnel17.5.bench_funnel.bulk").matches()).isTrue();
        assertThat(bulk.matcher("funnel17x5.bench_funnel.bulk").matches()).isFalse();
        assertThat(bulk.matcher("funnel17.5.bench_funnel.warmup").matches()).isFalse();
        assertThat(Workload.SINGLE.topicRegex("t", "db")).isEqualTo("^t\\.db\\.sbtest1$");
    }

    @Test
    void theStateQueryOfBulkSumsK() {
        assertThat(Workload.BULK.stateSql("db")).isEqualTo("SELECT COUNT(*), SUM(k) FROM db.bulk");
        assertThat(Workload.SINGLE.stateSql("db")).isEqualTo("SELECT COUNT(*) FROM db.sbtest1");
    }
}
