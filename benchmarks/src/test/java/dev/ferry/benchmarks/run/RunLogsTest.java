package dev.ferry.benchmarks.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunLogsTest {
    @TempDir Path work;

    @Test
    void ferrysOwnErrorLineIsPreferredToAnException() throws IOException {
        Files.writeString(work.resolve("capture.log"), "INFO ok\nERROR boom | in a table\n");
        Files.writeString(work.resolve("apply.log"), "INFO ok\nferry: downstream: access denied\n");

        assertThat(new RunLogs(work).failure("apply failed"))
                .isEqualTo("apply failed: ferry: downstream: access denied");
    }

    @Test
    void withoutAnErrorLineTheFailureIsJustWhat() {
        assertThat(new RunLogs(work).failure("timed out")).isEqualTo("timed out");
    }

    @Test
    void theCauseOfTheFirstRestartAndTheCountOfRestarts() throws IOException {
        Files.writeString(
                work.resolve("apply.log"),
                String.join(
                        "\n",
                        "Caused by: java.io.IOException: first",
                        "Caused by: java.sql.SQLException: deadlock | retry",
                        "task switched from RUNNING to RESTARTING",
                        "Caused by: java.lang.IllegalStateException: later",
                        "Job will be restarted",
                        ""));

        RunLogs logs = new RunLogs(work);

        assertThat(logs.failoverCause()).isEqualTo("java.sql.SQLException: deadlock / retry");
        assertThat(logs.restarts()).isEqualTo(2);
    }
}
