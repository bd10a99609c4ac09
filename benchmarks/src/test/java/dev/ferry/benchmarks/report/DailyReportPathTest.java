package dev.ferry.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DailyReportPathTest {
    @TempDir Path folder;

    @Test
    void aSecondRunOnTheSameDayGetsTheNextNumber() throws Exception {
        LocalDate day = LocalDate.of(2026, 11, 26);
        assertThat(DailyReportPath.next(folder, day)).isEqualTo(folder.resolve("2026-11-26.md"));
        Files.writeString(folder.resolve("2026-11-26.md"), "first");
        assertThat(DailyReportPath.next(folder, day)).isEqualTo(folder.resolve("2026-11-26-2.md"));
        Files.writeString(folder.resolve("2026-11-26-2.md"), "second");
        assertThat(DailyReportPath.next(folder, day)).isEqualTo(folder.resolve("2026-11-26-3.md"));
        assertThat(DailyReportPath.next(folder, day.plusDays(1)))
                .isEqualTo(folder.resolve("2026-11-27.md"));
    }
}
