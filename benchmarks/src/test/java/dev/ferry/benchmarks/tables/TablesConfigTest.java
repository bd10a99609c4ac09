package dev.ferry.benchmarks.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ferry.benchmarks.tables.TablesConfig.Size;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TablesConfigTest {
    @Test
    void eachSizeHasTheScriptsDefaults() {
        TablesConfig full = TablesConfig.builder(Size.FULL).build();
        assertThat(full.tableCounts()).containsExactly(4, 400, 1000);
        assertThat(List.of(full.rows(), full.seconds(), full.idleSeconds(), full.threads()))
                .containsExactly(200_000, 30, 20, 8);
        assertThat(full.layout()).isEqualTo(TopicLayout.DATABASE);
        assertThat(full.ferry() && full.stock()).isTrue();
        assertThat(full.stockParallelism()).isEqualTo(2);
        assertThat(full.jfrDir()).isNull();

        TablesConfig quick = TablesConfig.builder(Size.QUICK).build();
        assertThat(quick.tableCounts()).containsExactly(4, 400);
        assertThat(List.of(quick.rows(), quick.seconds(), quick.idleSeconds()))
                .containsExactly(40_000, 10, 10);

        TablesConfig smoke = TablesConfig.builder(Size.SMOKE).build();
        assertThat(smoke.tableCounts()).containsExactly(4, 40);
        assertThat(List.of(smoke.rows(), smoke.seconds(), smoke.idleSeconds()))
                .containsExactly(4_000, 5, 5);
    }

    @Test
    void givenValuesWinOverTheSize(@TempDir Path folder) {
        TablesConfig config =
                TablesConfig.builder(Size.QUICK)
                        .tables(" 10  20 ")
                        .rows(1_000)
                        .seconds(3)
                        .idleSeconds(4)
                        .threads(2)
                        .topicLayout("table")
                        .pipelines("stock")
                        .stockParallelism(16)
                        .jfrDir(folder.resolve("jfr"))
                        .build();
        assertThat(config.tableCounts()).containsExactly(10, 20);
        assertThat(config.tableCountsText()).isEqualTo("10 20");
        assertThat(List.of(config.rows(), config.seconds(), config.idleSeconds(), config.threads()))
                .containsExactly(1_000, 3, 4, 2);
        assertThat(config.layout()).isEqualTo(TopicLayout.TABLE);
        assertThat(config.ferry()).isFalse();
        assertThat(config.stock()).isTrue();
        assertThat(config.jfrDir()).isDirectory();
    }

    @Test
    void theRowsSplitEvenlyAndTheRestIsLeftOut() {
        TablesConfig config = TablesConfig.builder(Size.QUICK).rows(1_000).build();
        assertThat(config.rowsPerTable(3)).isEqualTo(333);
        assertThat(config.rowsPerTable(400)).isEqualTo(2);
    }

    @Test
    void badValuesNameTheFlagAndWhatItTakes() {
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).tables("4 0").build())
                .hasMessage("--tables must be whole numbers from 1 to 5000, got '0'");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).tables("4 5001").build())
                .hasMessageContaining("got '5001'");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).tables("4,400").build())
                .hasMessageContaining("got '4,400'");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).tables(" ").build())
                .hasMessage("--tables is empty");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).seconds(0).build())
                .hasMessage("--seconds must be a whole number from 1 to 100000000, got 0");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).stockParallelism(17).build())
                .hasMessageContaining("--stock-parallelism must be a whole number from 1 to 16");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).topicLayout("topic").build())
                .hasMessage("--topic-layout is database or table, got 'topic'");
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).pipelines("ferry row").build())
                .hasMessageContaining("--pipelines takes ferry and stock")
                .hasMessageContaining("got 'row'");
    }

    @Test
    void fewerRowsThanTablesIsRefused() {
        assertThatThrownBy(() -> TablesConfig.builder(Size.QUICK).rows(100).build())
                .hasMessage(
                        "--rows 100 gives 400 tables no row: pass at least --rows 400 or fewer"
                                + " --tables");
    }
}
