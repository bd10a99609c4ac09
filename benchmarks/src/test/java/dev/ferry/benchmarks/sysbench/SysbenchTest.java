package dev.ferry.benchmarks.sysbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysbenchTest {
    @TempDir Path work;

    @Test
    void thePasswordGoesToAFileOnlyThisUserReads() throws Exception {
        Sysbench sysbench =
                new Sysbench(new DatabaseEndpoint("upstream", "h", 1, "u", "s3cret"), "db", work);
        Path file = sysbench.passwordFile();
        assertThat(Files.readString(file)).isEqualTo("mysql-password=s3cret\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(sysbench.passwordFile()).isEqualTo(file); // rewritten in place
    }
}
