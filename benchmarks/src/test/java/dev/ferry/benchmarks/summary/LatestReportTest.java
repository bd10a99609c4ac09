package dev.ferry.benchmarks.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatestReportTest {
    @TempDir Path folder;

    @Test
    void theNewestByTimeStamp() throws IOException {
        for (String name :
                new String[] {
                    "2026-11-21T224810Z.md", "2026-11-26T093140Z.md", "2026-11-26T093140Z-rows.png"
                }) {
            Files.writeString(folder.resolve(name), "x");
        }

        assertThat(LatestReport.in(folder)).contains(folder.resolve("2026-11-26T093140Z.md"));
    }

    @Test
    void theTenthReportOfADayIsNewerThanTheNinth() throws IOException {
        Files.writeString(folder.resolve("2026-11-26-9.md"), "x");
        Files.writeString(folder.resolve("2026-11-26-10.md"), "x");

        assertThat(LatestReport.in(folder)).contains(folder.resolve("2026-11-26-10.md"));
    }

    @Test
    void aDaysFirstReportIsOlderThanItsSecond() throws IOException {
        Files.writeString(folder.resolve("2026-11-25-3.md"), "x");
        Files.writeString(folder.resolve("2026-11-26.md"), "x");
        Files.writeString(folder.resolve("2026-11-26-2.md"), "x");

        assertThat(LatestReport.in(folder)).contains(folder.resolve("2026-11-26-2.md"));
    }

    @Test
    void noFolderNoReport() throws IOException {
        assertThat(LatestReport.in(folder.resolve("none"))).isEmpty();
    }
}
