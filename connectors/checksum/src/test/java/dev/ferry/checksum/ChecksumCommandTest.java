package dev.ferry.checksum;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChecksumCommandTest {

    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8);

    @Test
    void helpPrintsUsageAndSucceeds() {
        assertThat(ChecksumCommand.run(new String[] {"--help"}, out, Map.of())).isZero();
        assertThat(output()).startsWith("Usage: java -jar ferry.jar checksum --source-url URL");
    }

    @Test
    void noArgumentsIsAUsageError() {
        assertThat(ChecksumCommand.run(new String[0], out, Map.of())).isEqualTo(2);
        assertThat(output()).startsWith("error: missing --source-url\nUsage: ");
    }

    @Test
    void usageErrorsNeverPrintThePassword() {
        String[] args = ChecksumArgumentsTest.without("--database");

        assertThat(ChecksumCommand.run(args, out, Map.of())).isEqualTo(2);
        assertThat(output()).contains("error: missing --database").doesNotContain("s3cret");
    }

    @Test
    void refusedConnectionIsOneLineNamingHostAndPortWithoutThePassword() throws IOException {
        int port = closedPort();
        String[] args = ChecksumArgumentsTest.MINIMAL.clone();
        // A password also inside the URL must not leak through the driver's message.
        args[1] = "jdbc:mysql://127.0.0.1:" + port + "/?password=s3cret-in-url";

        int exit = ChecksumCommand.run(args, out, Map.of());

        assertThat(exit).isEqualTo(2);
        assertThat(output().lines())
                .containsExactly(
                        "error: cannot connect to source 127.0.0.1:"
                                + port
                                + ": Connection refused");
        assertThat(output()).doesNotContain("s3cret");
    }

    private String output() {
        return buffer.toString(StandardCharsets.UTF_8);
    }

    /** A local port nothing listens on: bound, then released. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
