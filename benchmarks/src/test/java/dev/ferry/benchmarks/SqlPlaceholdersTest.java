package dev.ferry.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SqlPlaceholdersTest {
    private static final String SCRIPT =
            "'hostname' = '${upstream_host:-127.0.0.1}', 'port' = '${upstream_port}',"
                    + " 'password' = '${upstream_password:-ferry_cdc}'${source_tuning}";

    @Test
    void argumentsComeFirstThenTheEnvironmentThenTheDefault() {
        String replaced =
                SqlPlaceholders.replace(
                        SCRIPT,
                        Map.of("upstream_port", "3307", "source_tuning", ""),
                        Map.of("FERRY_SQL_upstream_password", "s3cret$1"));

        assertThat(replaced)
                .isEqualTo("'hostname' = '127.0.0.1', 'port' = '3307', 'password' = 's3cret$1'");
    }

    @Test
    void anArgumentOverridesTheDefault() {
        String replaced =
                SqlPlaceholders.replace(
                        SCRIPT,
                        Map.of(
                                "upstream_host", "db.internal",
                                "upstream_port", "3306",
                                "source_tuning", ", 'k' = 'v'"),
                        Map.of());

        assertThat(replaced)
                .isEqualTo(
                        "'hostname' = 'db.internal', 'port' = '3306', 'password' = 'ferry_cdc',"
                                + " 'k' = 'v'");
    }

    @Test
    void aPlaceholderWithoutAnyValueIsNamed() {
        assertThatThrownBy(
                        () ->
                                SqlPlaceholders.replace(
                                        SCRIPT, Map.of("source_tuning", ""), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("${upstream_port}")
                .hasMessageContaining("FERRY_SQL_upstream_port");
    }
}
