package dev.ferry.benchmarks.drain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.benchmarks.drain.DrainSettings.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class DrainSettingsTest {
    private static DrainSettings defaults(Size size) {
        return DrainSettings.of(
                size, null, "transaction row stock", null, 2000, null, null, 16, false);
    }

    @Test
    void eachSizeHasTheScriptsDefaults() {
        DrainSettings full = defaults(Size.FULL);
        assertThat(full.workers()).containsExactly(1, 4, 8, 16, 32);
        assertThat(full.seconds()).isEqualTo(40);
        assertThat(full.rowsPerTable()).isEqualTo(20_000);
        assertThat(full.workloads()).containsExactly("oltp_insert", "oltp_write_only");
        assertThat(full.sizeFlag()).isEmpty();
        assertThat(full.runs()).isEqualTo(2 * 5 * 3);

        DrainSettings quick = defaults(Size.QUICK);
        assertThat(quick.workers()).containsExactly(4, 16);
        assertThat(quick.seconds()).isEqualTo(15);
        assertThat(quick.rowsPerTable()).isEqualTo(10_000);
        assertThat(quick.totalRows()).isEqualTo(40_000);
        assertThat(quick.sizeFlag()).isEqualTo("--quick");

        DrainSettings smoke = defaults(Size.SMOKE);
        assertThat(smoke.workers()).containsExactly(4);
        assertThat(smoke.seconds()).isEqualTo(5);
        assertThat(smoke.rowsPerTable()).isEqualTo(1_000);
        assertThat(smoke.workloads()).containsExactly("oltp_write_only");
        assertThat(smoke.runs()).isEqualTo(3);
    }

    @Test
    void flagsGivenWinOverTheSize() {
        DrainSettings settings =
                DrainSettings.of(
                        Size.QUICK, " 32  8 ", "stock row", "oltp_insert", 500, 7, 300, 4, true);
        assertThat(settings.workers()).containsExactly(32, 8);
        assertThat(settings.pipelines()).containsExactly("stock", "row");
        assertThat(settings.workloads()).containsExactly("oltp_insert");
        assertThat(settings.seconds()).isEqualTo(7);
        assertThat(settings.rowsPerTable()).isEqualTo(300);
        assertThat(settings.batch()).isEqualTo(500);
        assertThat(settings.threads()).isEqualTo(4);
        assertThat(settings.mostWorkers()).isEqualTo(32);
        assertThat(settings.lastWorkload()).isEqualTo("oltp_insert");
        assertThat(settings.profile()).isTrue();
    }

    @Test
    void badValuesNameTheFlagAndWhatItTakes() {
        assertThatThrownBy(
                        () ->
                                DrainSettings.of(
                                        Size.FULL, "4 65", "stock", null, 1, null, null, 1, false))
                .hasMessage("--workers must be whole numbers from 1 to 64, got '65'");
        assertThatThrownBy(
                        () ->
                                DrainSettings.of(
                                        Size.FULL, "0", "stock", null, 1, null, null, 1, false))
                .hasMessageContaining("got '0'");
        assertThatThrownBy(
                        () ->
                                DrainSettings.of(
                                        Size.FULL, "four", "stock", null, 1, null, null, 1, false))
                .hasMessageContaining("got 'four'");
        assertThatThrownBy(
                        () ->
                                DrainSettings.of(
                                        Size.FULL, null, "ferry", null, 1, null, null, 1, false))
                .hasMessage("--pipelines takes transaction, row and stock, got 'ferry'");
        assertThatThrownBy(
                        () ->
                                DrainSettings.of(
                                        Size.FULL,
                                        null,
                                        "row",
                                        "oltp_read_only",
                                        1,
                                        null,
                                        null,
                                        1,
                                        false))
                .hasMessageContaining("--workloads takes oltp_insert and oltp_write_only");
        assertThatThrownBy(
                        () -> DrainSettings.of(Size.FULL, null, " ", null, 1, null, null, 1, false))
                .hasMessage("--pipelines is empty: give at least one value");
        assertThatThrownBy(
                        () ->
                                DrainSettings.of(
                                        Size.FULL, null, "row", null, 0, null, null, 1, false))
                .hasMessage("--batch-size must be at least 1, got 0");
        assertThatThrownBy(
                        () -> DrainSettings.of(Size.FULL, null, "row", null, 1, 0, null, 1, false))
                .hasMessage("--seconds must be at least 1, got 0");
    }

    @Test
    void listsAreCopies() {
        DrainSettings settings = defaults(Size.QUICK);
        assertThatThrownBy(() -> settings.pipelines().add("x"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(settings.pipelines()).isEqualTo(List.of("transaction", "row", "stock"));
    }
}
