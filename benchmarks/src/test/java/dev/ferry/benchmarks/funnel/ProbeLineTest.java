package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProbeLineTest {
    @Test
    void takesTheLastLineWithTheFieldAmongLogLines() {
        String output =
                "12:00:01.000 WARN  Foo - a=b c\n"
                        + "start_ms=1000 first_ms=1200 last_ms=1450 bytes=99 cpu_ms=300\n"
                        + "12:00:02.000 INFO  Bar - closing, x=1\n";
        ProbeLine line = ProbeLine.in(output, "last_ms", "reading the binlog");
        assertThat(line.number("bytes")).isEqualTo(99);
        assertThat(line.seconds("first_ms", "last_ms")).isEqualTo(0.25);
        assertThat(line.seconds("start_ms", "last_ms")).isEqualTo(0.45);
    }

    @Test
    void aMissingLineNamesWhatFailedAndTheOutputsEnd() {
        assertThatThrownBy(
                        () ->
                                ProbeLine.in(
                                        "one\ntwo\nException: connection refused",
                                        "records",
                                        "consuming the topic"))
                .hasMessageContaining("consuming the topic failed (no records=")
                .hasMessageContaining("connection refused");
    }

    @Test
    void aMissingOrNonNumericFieldIsNamed() {
        ProbeLine line = ProbeLine.in("records=5 last=none", "records", "x");
        assertThatThrownBy(() -> line.number("bytes")).hasMessageContaining("no bytes=");
        assertThatThrownBy(() -> line.number("last")).hasMessageContaining("not a whole number");
    }
}
