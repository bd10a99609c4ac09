package dev.ferry.benchmarks.drain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HotMethodsTest {
    private static String sample(String topFrame) {
        return "jdk.ExecutionSample {\n"
                + "  startTime = 12:00:01.123 (2026-11-26)\n"
                + "  sampledThread = \"apply-1\" (javaThreadId = 42)\n"
                + "  state = \"STATE_RUNNABLE\"\n"
                + "  stackTrace = [\n"
                + "    "
                + topFrame
                + "\n"
                + "    dev.ferry.Caller.call()     line: 7\n"
                + "    ...\n"
                + "  ]\n"
                + "}\n\n";
    }

    @Test
    void countsTheTopFramesMostSampledFirst() {
        String print =
                sample("java.util.HashMap.get(Object)     line: 556")
                        + sample("dev.ferry.Apply.write(List)     line: 80")
                        + sample("java.util.HashMap.get(Object)     line: 557")
                        + sample("java.util.HashMap.get(Object)   line: 556")
                        + sample("a.B.or(int|long)");
        assertThat(HotMethods.table(print))
                .isEqualTo(
                        "| samples | % of samples | method |\n"
                                + "|--:|--:|---|\n"
                                + "| 3 | 60.0 | `java.util.HashMap.get(Object)` |\n"
                                + "| 1 | 20.0 | `a.B.or(int\\|long)` |\n"
                                + "| 1 | 20.0 | `dev.ferry.Apply.write(List)` |\n");
    }

    @Test
    void showsTheFifteenHottest() {
        StringBuilder print = new StringBuilder();
        for (int m = 0; m < 20; m++) {
            for (int s = 0; s <= m; s++) {
                print.append(sample("p.C.m" + m + "()"));
            }
        }
        String table = HotMethods.table(print.toString());
        assertThat(table.split("\n")).hasSize(2 + 15);
        assertThat(table).contains("| 20 | 9.5 | `p.C.m19()` |").doesNotContain("`p.C.m4()`");
    }
}
