package dev.ferry.benchmarks.importing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The small parsers of the import's runs: /proc stat lines, tools' result lines, probe logs. */
class ParsingTest {
    @Test
    void childrenCpuIsCutimePlusCstime() {
        // pid (comm with a space) state ppid … utime stime cutime cstime …
        String stat =
                "4242 (java main) S 1 4242 4242 0 -1 4194560 100 0 0 0 5000 700 1234 66 20 0 40 0"
                        + " 100 0 0";
        assertThat(ChildrenCpu.ofStatLine(stat)).isCloseTo(13.0, within(1e-9));
        assertThat(ChildrenCpu.now()).isGreaterThanOrEqualTo(0);
    }

    @Test
    void aToolsResultLineIsItsLastLineWithTheField() {
        String log =
                "WARN something=else\n"
                        + "rows=20000 statements=12 seconds=1.234 rows_per_second=16207"
                        + " latency_ms_p50=40.0 latency_ms_p99=129.5 latency_ms_max=130.0\n"
                        + "bye\n";
        ToolLine line = ToolLine.last(log, "seconds");
        assertThat(line.number("seconds")).isEqualTo(1.234);
        assertThat(line.number("latency_ms_p99")).isEqualTo(129.5);
        assertThat(line.number("missing")).isNull();
        assertThat(ToolLine.last("no result\n", "seconds").number("seconds")).isNull();
        assertThat(ToolLine.parse("seconds=abc").number("seconds")).isNull();
    }

    @Test
    void aProbesFailureIsItsFirstErrorLineElseItsLastLine() {
        assertThat(
                        PeerRuns.firstError(
                                "starting\nsbtest2: count NOT equal (5 vs 4)\nException x\n"))
                .isEqualTo("sbtest2: count NOT equal (5 vs 4)");
        assertThat(PeerRuns.firstError("one\ntwo\n\n")).isEqualTo("two");
    }

    @Test
    void aCopysCpuKeepsTheReportsProcessesInOrder() {
        Map<String, Double> before = Map.of("kafka", 10.0, "down", 5.0, "up", 1.0, "steal", 3.0);
        Map<String, Double> after =
                Map.of(
                        "apply", 4.0, "capture", 6.0, "kafka", 12.5, "down", 5.5, "up", 1.0,
                        "steal", 9.0);
        assertThat(ImportCopies.cpuBetween(before, after))
                .containsExactly(
                        Map.entry("capture", 6.0),
                        Map.entry("apply", 4.0),
                        Map.entry("kafka", 2.5),
                        Map.entry("down", 0.5),
                        Map.entry("up", 0.0));
    }

    @Test
    void aMeasurementKeyPrintsAsTheScriptKeyedIt() {
        assertThat(new MeasurementKey("ferry-load", "main", 16, 2000))
                .hasToString("ferry-load:main:16:2000");
        assertThat(new MeasurementKey("ferry-dump", "sweep", 4, "-"))
                .hasToString("ferry-dump:sweep:4:-");
    }
}
