package dev.ferry.benchmarks.incremental;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lines the incremental table reads from its probes and tools. */
class ParsingTest {
    @Test
    void heartbeatLineGivesTheDelayFields() {
        Map<LiveField, Double> figures =
                HeartbeatFigures.parse(
                        "sent=97 arrived=96 p50_ms=6728.0 p95_ms=10327.5 p99_ms=10557.1 max_ms=10601.0");
        assertThat(figures)
                .containsEntry(LiveField.HB_SENT, 97.0)
                .containsEntry(LiveField.HB_ARRIVED, 96.0)
                .containsEntry(LiveField.D50, 6728.0)
                .containsEntry(LiveField.D95, 10327.5)
                .containsEntry(LiveField.D99, 10557.1)
                .containsEntry(LiveField.DMAX, 10601.0);
        assertThat(HeartbeatFigures.parse(null)).isEmpty();
        assertThat(HeartbeatFigures.parse("heartbeat: writing stopped")).isEmpty();
    }

    @Test
    void commitLatenciesAreTheQuantilesOfTheApplyHistogramInMillis() {
        String metrics =
                """
                # HELP flink_taskmanager_job_task_operator_commitLatencyUs commitLatencyUs
                flink_taskmanager_job_task_operator_commitLatencyUs{quantile="0.5",subtask_index="0",} NaN
                flink_taskmanager_job_task_operator_commitLatencyUs{quantile="0.5",subtask_index="0",} 41700.0
                flink_taskmanager_job_task_operator_commitLatencyUs{quantile="0.95",subtask_index="0",} 253300.0
                flink_taskmanager_job_task_operator_commitLatencyUs{quantile="0.99",subtask_index="0",} 778000.0
                flink_taskmanager_job_task_operator_commitLatencyUs{quantile="0.999",subtask_index="0",} 999000.0
                flink_taskmanager_job_task_operator_commitsTotal{subtask_index="0",} 12.0
                """;
        assertThat(CommitLatencies.parse(metrics))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(LiveField.C50, 41.7, LiveField.C95, 253.3, LiveField.C99, 778.0));
        assertThat(CommitLatencies.parse("x_commitLatencyUs{quantile=\"0.5\",} NaN\n")).isEmpty();
        assertThat(CommitLatencies.parse("")).isEmpty();
    }

    @Test
    void ceilingLineGivesRowsSecondsAndP99() {
        CeilingResult ok =
                CeilingResult.parse(
                        "oltp_insert",
                        16,
                        2000,
                        "insert",
                        "rows=40000 statements=20 seconds=2.500 rows_per_second=16000"
                                + " latency_ms_p50=100.0 latency_ms_p99=867.5 latency_ms_max=900.0");
        assertThat(ok.rows()).isEqualTo(40_000);
        assertThat(ok.seconds()).isEqualTo(2.5);
        assertThat(ok.p99Millis()).isEqualTo(867.5);
        assertThat(ok.rowsPerSecond()).isEqualTo(16_000.0);
        assertThat(ok.status()).isEqualTo("ok");
        CeilingResult failed =
                CeilingResult.parse(
                        "oltp_insert",
                        16,
                        2000,
                        "insert",
                        "java.sql.SQLException: Access denied | x");
        assertThat(failed.rows()).isNull();
        assertThat(failed.rowsPerSecond()).isNull();
        assertThat(failed.status())
                .isEqualTo("CeilingLoader failed: java.sql.SQLException: Access denied / x");
    }

    @Test
    void sysbenchQueriesPerSecond() {
        String output =
                """
                SQL statistics:
                    queries performed:
                        read:                            0
                        write:                           199800
                    transactions:                        199800 (13316.99 per sec.)
                    queries:                             199800 (13316.99 per sec.)
                    ignored errors:                      0      (0.00 per sec.)
                """;
        assertThat(SysbenchQueries.perSecond(output)).isEqualTo(13316.99);
        assertThat(SysbenchQueries.perSecond("FATAL: error")).isNull();
    }
}
