package dev.ferry.benchmarks.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TsvTest {
    @Test
    void readsColumnsByNameAndSkipsALineCutShort() {
        Tsv tsv = Tsv.parse(List.of("ms\tdelay_ms", "1000\t12", "2000\t15", "3000"));
        assertThat(tsv.column("ms")).containsExactly(1000, 2000);
        assertThat(tsv.column("delay_ms")).containsExactly(12, 15);
        assertThatThrownBy(() -> tsv.column("bps")).hasMessageContaining("no column 'bps'");
    }
}
