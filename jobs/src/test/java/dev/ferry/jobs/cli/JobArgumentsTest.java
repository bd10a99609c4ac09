package dev.ferry.jobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.config.FerryConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobArgumentsTest {
    @TempDir Path dir;

    @Test
    void argumentsOverrideTheConfigFile() throws Exception {
        Path file =
                Files.write(
                        dir.resolve("c.properties"),
                        List.of("upstream.port=3307", "apply.workers=8"));

        Configuration options =
                JobArguments.parse(
                        List.of(
                                "--config",
                                file.toString(),
                                "--upstream.port",
                                "4000",
                                "--apply.batch-size=10"));

        assertThat(options.getString("upstream.port", null)).isEqualTo("4000");
        assertThat(options.getString("apply.workers", null)).isEqualTo("8");
        assertThat(options.getString("apply.batch-size", null)).isEqualTo("10");
    }

    @Test
    void flinkSettingsPassThrough() {
        Configuration options =
                JobArguments.parse(List.of("--execution.checkpointing.timeout", "1 min"));

        assertThat(options.getString("execution.checkpointing.timeout", null)).isEqualTo("1 min");
    }

    @Test
    void typosAreErrorsNotIgnoredOptions() {
        assertThatThrownBy(() -> JobArguments.parse(List.of("--apply.paralelism", "8")))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("unknown option 'apply.paralelism'");
        assertThatThrownBy(() -> JobArguments.parse(List.of("--apply.worker", "8")))
                .hasMessageContaining(
                        "unknown option 'apply.worker'. Did you mean 'apply.workers'?");
        assertThatThrownBy(() -> JobArguments.parse(List.of("--nothing.like.this", "8")))
                .message()
                .doesNotContain("Did you mean");
        assertThatThrownBy(() -> JobArguments.parse(List.of("--upstream.port")))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("needs a value");
        assertThatThrownBy(
                        () ->
                                JobArguments.parse(
                                        List.of("--config", dir.resolve("missing").toString())))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining(
                        "config file "
                                + dir.resolve("missing").toAbsolutePath()
                                + " does not exist");
    }
}
