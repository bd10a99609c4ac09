package dev.ferry.benchmarks.sysbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ferry.jdbc.DatabaseEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SysbenchPasswordFileTest {
    @Test
    void thePasswordGoesInAFileOnlyItsUserReads(@TempDir Path work) throws IOException {
        DatabaseEndpoint endpoint =
                new DatabaseEndpoint("upstream", "127.0.0.1", 3307, "ferry_admin", "s3cret");

        Path file = Sysbench.passwordFile(work, endpoint);
        Path again = Sysbench.passwordFile(work, endpoint); // a second run rewrites it

        assertThat(again).isEqualTo(file);
        assertThat(Files.readString(file)).isEqualTo("mysql-password=s3cret\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
    }
}
