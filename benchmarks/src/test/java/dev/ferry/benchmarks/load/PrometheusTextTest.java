package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
    private static final String SCRAPE =
            String.join(
                    "\n",
                    "# HELP flink_taskmanager_job_task_operator_ferry_bytesApplied bytesApplied (scope: ...)",
                    "# TYPE flink_taskmanager_job_task_operator_ferry_bytesApplied gauge",
                    "flink_taskmanager_job_task_operator_ferry_bytesApplied{job_name=\"apply\",subtask_index=\"0\",operator_name=\"a b\",} 1000.0",
                    "flink_taskmanager_job_task_operator_ferry_bytesApplied{job_name=\"apply\",subtask_index=\"1\",} 234.0",
                    "flink_taskmanager_job_task_operator_ferry_replicationDelayMs{subtask_index=\"0\",} 12.0",
                    "flink_jobmanager_numRunningJobs 1.0",
                    "flink_taskmanager_Status_JVM_CPU_Load NaN",
                    "");

    @Test
    void sumsEachMetricOverItsLabelSets() {
        Map<String, Double> sums = PrometheusText.sums(SCRAPE);
        assertThat(PrometheusText.bySuffix(sums, "bytesApplied")).isEqualTo(1234.0);
        assertThat(PrometheusText.bySuffix(sums, "replicationDelayMs")).isEqualTo(12.0);
        assertThat(sums).containsEntry("flink_jobmanager_numRunningJobs", 1.0);
    }

    @Test
    void aMissingMetricIsNaN() {
        assertThat(PrometheusText.bySuffix(PrometheusText.sums(SCRAPE), "transactionsSpilled"))
                .isNaN();
        assertThat(PrometheusText.bySuffix(PrometheusText.sums(SCRAPE), "CPU_Load")).isNaN();
    }
}
