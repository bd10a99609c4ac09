package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuUseTest {
    @Test
    void deltasPerProcessAndInAll() {
        Map<String, Double> before = new LinkedHashMap<>();
        before.put("capture", 10.0);
        before.put("apply", 4.0);
        before.put("gone", 7.0);
        Map<String, Double> after = new LinkedHashMap<>();
        after.put("capture", 13.5);
        after.put("apply", 10.0);
        after.put("stock", 2.0); // started in between: all of its seconds count
        CpuUse use = CpuUse.between(before, after);
        assertThat(use.of("capture")).contains(3.5);
        assertThat(use.of("stock")).contains(2.0);
        assertThat(use.of("gone")).isEmpty();
        assertThat(use.total()).isEqualTo(11.5);
        assertThat(use.cores(5)).isEqualTo(2.3);
        assertThat(use.summary("apply", "gone", "capture")).isEqualTo("apply=6.0 capture=3.5");
    }

    @Test
    void boundAtFourFifthsOfTheCores() {
        assertThat(CpuUse.boundNote(1.6, 2, "3.1 2.0 1.5"))
                .startsWith("CPU-bound: its processes used 1.6 of the 2 cores.");
        assertThat(CpuUse.boundNote(1.5, 2, "3.1 2.0 1.5"))
                .startsWith("not CPU-bound")
                .contains("load average 3.1 2.0 1.5");
    }
}
