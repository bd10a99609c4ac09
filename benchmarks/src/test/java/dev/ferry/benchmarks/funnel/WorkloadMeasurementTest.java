package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadMeasurementTest {
    @Test
    void cpuUsedKeepsTheNamedProcessesThatWereRead() {
        Map<String, Double> used =
                WorkloadMeasurement.used(
                        Map.of("capture", 10.0, "kafka", 5.0, "probe-1", 1.0),
                        Map.of("capture", 12.5, "kafka", 5.25, "apply", 3.0),
                        "capture",
                        "kafka",
                        "up");
        assertThat(used).containsOnlyKeys("capture", "kafka");
        assertThat(used.get("capture")).isCloseTo(2.5, within(1e-9));
        assertThat(used.get("kafka")).isCloseTo(0.25, within(1e-9));
    }

    @Test
    void theProgressLineGivesEveryStagesRate() {
        assertThat(WorkloadMeasurement.stageLine(WorkloadResultTest.bulk()))
                .isEqualTo(
                        "raw 900,000/s; parse 450,000/s; events 10,000/s; produce 9,000/s;"
                                + " consume 180,000/s; apply 15,000/s; e2e 7,500/s;");
    }
}
