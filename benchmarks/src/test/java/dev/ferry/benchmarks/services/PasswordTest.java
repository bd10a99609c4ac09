package dev.ferry.benchmarks.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PasswordTest {
    private static final String VARIABLE = "FERRY_UPSTREAM_PASSWORD";

    @TempDir Path folder;

    @Test
    void aFileWinsOverTheEnvironment() throws Exception {
        Path file = Files.writeString(folder.resolve("pw"), "s3cret\nignored\n");
        assertThat(Password.resolve("upstream", "bench", file, VARIABLE, Map.of(VARIABLE, "other")))
                .isEqualTo("s3cret");
    }

    @Test
    void theEnvironmentThenBinServicesOwnUser() {
        assertThat(
                        Password.resolve(
                                "upstream", "bench", null, VARIABLE, Map.of(VARIABLE, "fromEnv")))
                .isEqualTo("fromEnv");
        assertThat(Password.resolve("upstream", "ferry_admin", null, VARIABLE, Map.of()))
                .isEqualTo("ferry_admin");
    }

    @Test
    void noPasswordSaysWhereToPutIt() {
        assertThatThrownBy(
                        () ->
                                Password.resolve(
                                        "downstream",
                                        "bench",
                                        null,
                                        "FERRY_DOWNSTREAM_PASSWORD",
                                        Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("FERRY_DOWNSTREAM_PASSWORD")
                .hasMessageContaining("--downstream-password-file");
    }

    @Test
    void anUnreadableOrEmptyFileIsAnErrorWithoutItsContent() throws Exception {
        assertThatThrownBy(
                        () ->
                                Password.resolve(
                                        "upstream",
                                        "bench",
                                        folder.resolve("none"),
                                        VARIABLE,
                                        Map.of()))
                .hasMessageContaining("cannot read the upstream password file");
        Path empty = Files.writeString(folder.resolve("empty"), "");
        assertThatThrownBy(
                        () ->
                                Password.resolve(
                                        "upstream",
                                        "bench",
                                        empty,
                                        VARIABLE,
                                        Map.of(VARIABLE, "x")))
                .hasMessageContaining("is empty");
    }
}
