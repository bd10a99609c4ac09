package dev.ferry.benchmarks.drain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogLinesTest {
    @TempDir Path work;

    @Test
    void countsMatchingLinesOfTheLogsOnlyAndClearsThem() throws Exception {
        Files.writeString(work.resolve("apply.log"), "a\nDeadlock found when\nb Deadlock found\n");
        Files.writeString(work.resolve("sysbench.log"), "Deadlock found\n");
        Files.writeString(work.resolve("capture.jfr"), "Deadlock found\n");
        assertThat(LogLines.count(work, "Deadlock found")).isEqualTo(3);
        LogLines.clear(work);
        assertThat(LogLines.count(work, "Deadlock found")).isZero();
        assertThat(work.resolve("capture.jfr")).exists();
        assertThat(work.resolve("apply.log")).doesNotExist();
    }
}
