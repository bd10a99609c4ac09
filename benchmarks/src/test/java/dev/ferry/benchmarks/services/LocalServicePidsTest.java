package dev.ferry.benchmarks.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalServicePidsTest {
    @TempDir Path runDir;

    @Test
    void readsTheLiveServicesOfBinServicesRunFolder() throws Exception {
        long live = ProcessHandle.current().pid();
        write("upstream/mariadb.pid", live + "\n");
        write("kafka/kafka.pid", String.valueOf(Long.MAX_VALUE - 1)); // no such process
        write("downstream/mariadb.pid", "not a pid");
        assertThat(LocalServicePids.read(runDir))
                .containsExactly(java.util.Map.entry("upstream", live));
    }

    @Test
    void noRunFolderMeansNoPids() {
        assertThat(LocalServicePids.read(null)).isEmpty();
        assertThat(LocalServicePids.read(runDir.resolve("missing"))).isEmpty();
    }

    private void write(String file, String text) throws Exception {
        Path path = runDir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, text);
    }
}
