package dev.ferry.benchmarks.funnel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FunnelSettingsTest {
    @Test
    void sizesAreFunnelShsAndSmokeIsSmaller() {
        assertThat(FunnelSettings.of(FunnelSettings.Size.FULL, null, null, 16, 4))
                .isEqualTo(new FunnelSettings(60_000, 40_000, 16, 4));
        assertThat(FunnelSettings.of(FunnelSettings.Size.QUICK, null, null, 16, 4))
                .isEqualTo(new FunnelSettings(30_000, 20_000, 16, 4));
        assertThat(FunnelSettings.of(FunnelSettings.Size.SMOKE, null, null, 8, 2))
                .isEqualTo(new FunnelSettings(4_000, 2_000, 8, 2));
    }

    @Test
    void givenRowsWinOverTheSize() {
        assertThat(FunnelSettings.of(FunnelSettings.Size.QUICK, 8_000, 1_000, 16, 4))
                .isEqualTo(new FunnelSettings(8_000, 1_000, 16, 4));
    }

    @Test
    void outOfRangeValuesNameTheirFlag() {
        assertThatThrownBy(() -> FunnelSettings.of(FunnelSettings.Size.FULL, 3_000, null, 16, 4))
                .hasMessageContaining("--bulk-rows must be a multiple of 2000");
        assertThatThrownBy(() -> FunnelSettings.of(FunnelSettings.Size.FULL, 1_000, null, 16, 4))
                .hasMessageContaining("--bulk-rows must be a whole number from 2000");
        assertThatThrownBy(() -> FunnelSettings.of(FunnelSettings.Size.FULL, null, 999, 16, 4))
                .hasMessageContaining("--single-rows must be a whole number from 1000")
                .hasMessageContaining("got 999");
        assertThatThrownBy(() -> FunnelSettings.of(FunnelSettings.Size.FULL, null, null, 65, 4))
                .hasMessageContaining("--workers must be a whole number from 1 to 64");
        assertThatThrownBy(() -> FunnelSettings.of(FunnelSettings.Size.FULL, null, null, 16, 0))
                .hasMessageContaining("--threads must be a whole number from 1 to 256");
    }
}
