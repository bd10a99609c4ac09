package dev.ferry.capture.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.capture.CaptureConfig;
import dev.ferry.config.FerryConfigException;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

class CaptureConfigTest {
    private static Configuration minimal() {
        Configuration options = new Configuration();
        options.setString("upstream.username", "cdc");
        options.setString("upstream.tables", "shop.orders, shop.*");
        return options;
    }

    @Test
    void takesThePasswordFromTheEnvironmentAndNeverShowsIt() {
        CaptureConfig config =
                CaptureConfig.from(minimal(), Map.of("FERRY_UPSTREAM_PASSWORD", "s3cret")::get);

        assertThat(config.upstream.password()).isEqualTo("s3cret");
        assertThat(config.upstream.toString()).doesNotContain("s3cret");
        assertThat(config.tables.names().stream().map(Object::toString))
                .containsExactly("shop.orders", "shop.*");
    }

    @Test
    void derivesOneServerIdPerSubtask() {
        Configuration options = minimal();
        options.setString("upstream.password", "x");
        options.setString("capture.parallelism", "4");

        assertThat(CaptureConfig.from(options, k -> null).serverId).isEqualTo("5400-5403");
    }

    @Test
    void namesTheMissingOption() {
        Configuration options = new Configuration();
        options.setString("upstream.password", "x");

        assertThatThrownBy(() -> CaptureConfig.from(options, k -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("upstream.username is required");
        assertThatThrownBy(() -> CaptureConfig.from(minimal(), k -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("FERRY_UPSTREAM_PASSWORD");
    }

    @Test
    void rejectsAServerIdRangeSmallerThanTheParallelism() {
        Configuration options = minimal();
        options.setString("upstream.password", "x");
        options.setString("capture.parallelism", "4");
        options.setString("upstream.server-id", "5400-5401");

        assertThatThrownBy(() -> CaptureConfig.from(options, k -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("holds 2 ids but capture.parallelism is 4");
    }

    @Test
    void rejectsAnUnknownStartupMode() {
        Configuration options = minimal();
        options.setString("upstream.password", "x");
        options.setString("capture.startup-mode", "yesterday");

        assertThatThrownBy(() -> CaptureConfig.from(options, k -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("capture.startup-mode must be one of initial, latest");
    }

    @Test
    void takesTheBinlogKeepAliveAndRefusesOneUnderASecond() {
        Configuration options = minimal();
        options.setString("upstream.password", "x");
        assertThat(CaptureConfig.from(options, k -> null).binlogKeepAliveMs).isEqualTo(60_000);

        options.setString("capture.binlog.keep-alive-interval", "5 s");
        assertThat(CaptureConfig.from(options, k -> null).binlogKeepAliveMs).isEqualTo(5_000);

        options.setString("capture.binlog.keep-alive-interval", "500 ms");
        assertThatThrownBy(() -> CaptureConfig.from(options, k -> null))
                .isInstanceOf(FerryConfigException.class)
                .hasMessageContaining("capture.binlog.keep-alive-interval must be at least 1 s");
    }
}
