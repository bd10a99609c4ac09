package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class StageCpuTest {
    private static StageResult stage(double wall, Map<String, Double> cpu) {
        return new StageResult(wall, 1, wall, cpu);
    }

    @Test
    void listsCoresBusiestFirstWithTheReportsLabels() {
        StageResult s = stage(10, Map.of("capture", 11.1, "kafka", 0.6, "up", 0.0));
        assertThat(StageCpu.text(s)).isEqualTo("capture 1.11, Kafka 0.06, upstream mysqld 0.00");
        assertThat(StageCpu.totalCores(s)).isCloseTo(1.17, within(1e-9));
        assertThat(StageCpu.text(stage(2, Map.of("probe", 1.0, "down", 1.5))))
                .isEqualTo("downstream mysqld 0.75, probe JVM 0.50");
    }

    @Test
    void allCoresBusyIsTheMachine() {
        assertThat(StageCpu.limit(stage(10, Map.of("capture", 9.0, "kafka", 7.5)), 2))
                .isEqualTo(
                        "the machine's CPU: the processes kept 1.65 of 2 cores busy; most: capture"
                                + " 0.90");
    }

    @Test
    void oneProcessPastACoreAndAHalfIsItsThreads() {
        assertThat(StageCpu.limit(stage(10, Map.of("probe", 12.5)), 2))
                .isEqualTo(
                        "the CPU of probe JVM, busy on several threads (1.25 cores), with CPU left"
                                + " on the machine");
    }

    @Test
    void oneProcessNearACoreIsASerialPathComparedAsPrinted() {
        // 0.8496 prints as 0.85, which the script compared: a serial path.
        assertThat(StageCpu.limit(stage(10, Map.of("apply", 8.496)), 4))
                .isEqualTo(
                        "about one core in apply (0.85) with CPU left on the machine: one thread"
                                + " is the bottleneck, a serial path");
        assertThat(StageCpu.limit(stage(10, Map.of("apply", 8.44)), 4))
                .startsWith("not CPU-bound by its own processes (0.84 of 4 cores)");
    }

    @Test
    void nothingMeasuredShowsADash() {
        assertThat(StageCpu.text(stage(10, Map.of()))).isEqualTo("—");
        assertThat(StageCpu.limit(stage(0, Map.of("apply", 1.0)), 2)).isEqualTo("—");
        assertThat(StageCpu.text(null)).isEqualTo("—");
    }
}
